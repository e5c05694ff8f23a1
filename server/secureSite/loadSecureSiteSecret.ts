import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export const SECURE_SITE_KEY_FILE = 'secure-site.key'

/**
 * The dev default master secret (32 bytes): `<dataDir>/secure-site.key`, created with mode 0600
 * when absent so keys at rest and session tokens survive a restart; a fresh random one, held in
 * memory only, for a `':memory:'` data folder. Beside the database, so a copy of the folder opens
 * every key: outside dev mode the operator's `--master-secret-file` is required (`resolveMasterSecret`).
 *
 * @param dataDir - the backend's data folder, or `':memory:'`
 * @param fileName - the file in it (the dev recovery vault key has its own)
 * @returns the secret and the file it lives in (undefined in memory)
 * @example
 * const { secret } = loadSecureSiteSecret('.data')
 */
export function loadSecureSiteSecret(dataDir: string, fileName = SECURE_SITE_KEY_FILE): { secret: Buffer; file?: string } {
  if (dataDir === ':memory:') return { secret: randomBytes(32) }
  const file = join(dataDir, fileName)
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true })
    // 'wx': never overwrite a key another start wrote meanwhile (it would orphan every stored key).
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' })
  }
  chmodSync(file, 0o600)
  const secret = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')
  if (secret.length !== 32) throw new Error(`${file} must hold 32 bytes in base64; delete it to start over (stored keys are then lost)`)
  return { secret, file }
}
