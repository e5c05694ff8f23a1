import { MasterSecretFileInvalidError } from '../masterSecretErrors.js'
import { loadSecureSiteSecret } from '../loadSecureSiteSecret.js'
import { readMasterSecretFile } from '../readMasterSecretFile.js'

export const RECOVERY_VAULT_KEY_FILE = 'recovery-vault.key'

/** The recovery vault key for one start, and where it came from; `secret` undefined when automatic recovery is off. */
export interface RecoveryVaultKey {
  secret?: Buffer
  file?: string
  /** True for the dev default, `<data>/recovery-vault.key`. */
  inDataFolder?: boolean
}

/**
 * Which recovery vault key a start uses (`RecoveryVault`): the operator's file
 * (`--recovery-vault-key-file`), which must not be the master secret; a random one for a
 * `':memory:'` data folder; in dev mode `<data>/recovery-vault.key` (a stand-in: beside the data,
 * like the dev master secret); else none, and wallets without a passkey cannot be recovered on a
 * new device (the start-up log says so).
 *
 * @throws MasterSecretFileInvalidError for a malformed file, one inside the data folder, or the master secret itself
 * @example
 * const vault = resolveRecoveryVaultKey({ dataDir: '.data', file: '/etc/latch/vault.key', masterSecret, dev: false })
 */
export function resolveRecoveryVaultKey({ dataDir, file, masterSecret, dev }: { dataDir: string; file?: string; masterSecret: Buffer; dev: boolean }): RecoveryVaultKey {
  if (file !== undefined) {
    const secret = readMasterSecretFile(file, { outsideOf: dataDir === ':memory:' ? undefined : dataDir })
    // The same bytes as the master secret would put both shares' seals in one hand.
    if (secret.equals(masterSecret)) throw new MasterSecretFileInvalidError({ reason: `${file} holds the master secret: the recovery vault key must be another secret` })
    return { secret, file }
  }
  if (dataDir === ':memory:' || dev) return { ...loadSecureSiteSecret(dataDir, RECOVERY_VAULT_KEY_FILE), inDataFolder: dataDir !== ':memory:' }
  return {}
}
