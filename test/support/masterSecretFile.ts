import { randomBytes } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * A new master secret file as an operator makes one: 32 random bytes in base64, mode 0600, in a
 * folder of its own (never a data folder). For backends started outside dev mode on a real folder.
 *
 * @returns the file's path
 */
export function writeMasterSecretFile(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'latch-master-secret-')), 'master.key')
  writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 })
  return file
}
