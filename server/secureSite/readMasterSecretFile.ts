import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs'
import { isAbsolute, relative, resolve } from 'node:path'
import { MAKE_MASTER_SECRET, MasterSecretFileInvalidError } from './masterSecretErrors.js'

/** The real path of `path`, or of its nearest existing parent joined with the rest (a data folder not made yet). */
function realPathOf(path: string): string {
  const absolute = resolve(path)
  if (existsSync(absolute)) return realpathSync(absolute)
  const parent = resolve(absolute, '..')
  return parent === absolute ? absolute : resolve(realPathOf(parent), relative(parent, absolute))
}

/**
 * Reads an operator's master secret file: 32 bytes in base64, readable by its owner only (mode
 * 0600 or stricter), and outside the data folder, so a copy of that folder does not carry it.
 *
 * @param file - the file (`--master-secret-file`)
 * @param options - `outsideOf`: the data folder the file must not be in (none for a `':memory:'`
 *   one, or for the secret a rotation retires, which may be the dev default inside it)
 * @returns the 32-byte secret
 * @throws MasterSecretFileInvalidError naming the file (and the folder) and what to do
 * @example
 * const secret = readMasterSecretFile('/etc/latch/master.key', { outsideOf: '.data' })
 */
export function readMasterSecretFile(file: string, { outsideOf: dataDir }: { outsideOf?: string } = {}): Buffer {
  if (!existsSync(file)) throw new MasterSecretFileInvalidError({ reason: `${file} does not exist; ${MAKE_MASTER_SECRET}` })
  if (dataDir !== undefined) {
    const inside = relative(realPathOf(dataDir), realPathOf(file))
    if (inside === '' || (!inside.startsWith('..') && !isAbsolute(inside)))
      throw new MasterSecretFileInvalidError({ reason: `${file} is inside the data folder ${dataDir}: a copy of the folder would carry it; keep it elsewhere` })
  }
  // Like ssh with a private key: a secret others can read is refused, not silently used.
  const mode = statSync(file).mode & 0o777
  if (mode & 0o077) throw new MasterSecretFileInvalidError({ reason: `${file} can be read by others (mode 0${mode.toString(8)}): chmod 600 ${file}` })
  const text = readFileSync(file, 'utf8').trim()
  const secret = Buffer.from(text, 'base64')
  if (secret.length !== 32 || secret.toString('base64') !== text) throw new MasterSecretFileInvalidError({ reason: `${file} must hold exactly 32 bytes in base64; ${MAKE_MASTER_SECRET}` })
  return secret
}
