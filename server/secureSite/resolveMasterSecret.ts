import { randomBytes } from 'node:crypto'
import { MasterSecretMissingError } from './masterSecretErrors.js'
import { loadSecureSiteSecret } from './loadSecureSiteSecret.js'
import { readMasterSecretFile } from './readMasterSecretFile.js'
import { readMasterSecretValue } from './readMasterSecretValue.js'

/** Where an operator may give the master secret itself, in base64, instead of a file. */
export const MASTER_SECRET_VARIABLE = 'LATCH_MASTER_SECRET'

/** The secure site's master secret for one start, and where it came from. */
export interface MasterSecret {
  /** 32 bytes: seals keys at rest, signs session tokens, keys code hashes. */
  secret: Buffer
  /** The file it was read from; undefined when given as a value, and for a `':memory:'` data folder's random one. */
  file?: string
  /** True for the dev default, `<data>/secure-site.key`: a copy of the data folder then opens every key. */
  inDataFolder: boolean
}

/**
 * Which master secret a start uses: the operator's file (`--master-secret-file`) when given; else
 * the operator's value (`LATCH_MASTER_SECRET`, base64: every instance of a cluster takes the same
 * one from its secret store); a random one in memory for a `':memory:'` data folder; in dev mode the old default,
 * `<data>/secure-site.key` (a dev stand-in); else none, and the start is refused.
 *
 * @param options - the data folder, the operator's file or value, dev mode
 * @returns the secret and where it lives
 * @throws MasterSecretMissingError outside dev mode on a real folder without a file or value; MasterSecretFileInvalidError; MasterSecretValueInvalidError
 * @example
 * const { secret } = resolveMasterSecret({ dataDir: '.data', file: '/etc/latch/master.key', dev: false })
 */
export function resolveMasterSecret({ dataDir, file, value, dev }: { dataDir: string; file?: string; value?: string; dev: boolean }): MasterSecret {
  if (file !== undefined) return { secret: readMasterSecretFile(file, { outsideOf: dataDir === ':memory:' ? undefined : dataDir }), file, inDataFolder: false }
  if (value !== undefined) return { secret: readMasterSecretValue(value, MASTER_SECRET_VARIABLE), inDataFolder: false }
  if (dataDir === ':memory:') return { secret: randomBytes(32), inDataFolder: false }
  if (!dev) throw new MasterSecretMissingError()
  return { ...loadSecureSiteSecret(dataDir), inDataFolder: true } as MasterSecret
}
