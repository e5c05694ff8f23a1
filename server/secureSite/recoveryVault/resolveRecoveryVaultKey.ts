import { MasterSecretFileInvalidError, MasterSecretValueInvalidError } from '../masterSecretErrors.js'
import { loadSecureSiteSecret } from '../loadSecureSiteSecret.js'
import { readMasterSecretFile } from '../readMasterSecretFile.js'
import { readMasterSecretValue } from '../readMasterSecretValue.js'

export const RECOVERY_VAULT_KEY_FILE = 'recovery-vault.key'

/** Where an operator may give the recovery vault key itself, in base64, instead of a file. */
export const RECOVERY_VAULT_KEY_VARIABLE = 'LATCH_RECOVERY_VAULT_KEY'

/** The recovery vault key for one start, and where it came from; `secret` undefined when automatic recovery is off. */
export interface RecoveryVaultKey {
  secret?: Buffer
  file?: string
  /** True for the dev default, `<data>/recovery-vault.key`. */
  inDataFolder?: boolean
}

/**
 * Which recovery vault key a start uses (`RecoveryVault`): the operator's file
 * (`--recovery-vault-key-file`), else the operator's value (`LATCH_RECOVERY_VAULT_KEY`, base64: the
 * same in every instance), which must not be the master secret; a random one for a
 * `':memory:'` data folder; in dev mode `<data>/recovery-vault.key` (a stand-in: beside the data,
 * like the dev master secret); else none, and wallets without a passkey cannot be recovered on a
 * new device (the start-up log says so).
 *
 * @throws MasterSecretFileInvalidError for a malformed file, one inside the data folder, or the master secret itself; MasterSecretValueInvalidError
 * @example
 * const vault = resolveRecoveryVaultKey({ dataDir: '.data', file: '/etc/latch/vault.key', masterSecret, dev: false })
 */
export function resolveRecoveryVaultKey({ dataDir, file, value, masterSecret, dev }: { dataDir: string; file?: string; value?: string; masterSecret: Buffer; dev: boolean }): RecoveryVaultKey {
  if (file !== undefined) {
    const secret = readMasterSecretFile(file, { outsideOf: dataDir === ':memory:' ? undefined : dataDir })
    // The same bytes as the master secret would put both shares' seals in one hand.
    if (secret.equals(masterSecret)) throw new MasterSecretFileInvalidError({ reason: `${file} holds the master secret: the recovery vault key must be another secret` })
    return { secret, file }
  }
  if (value !== undefined) {
    const secret = readMasterSecretValue(value, RECOVERY_VAULT_KEY_VARIABLE)
    if (secret.equals(masterSecret)) throw new MasterSecretValueInvalidError({ variable: RECOVERY_VAULT_KEY_VARIABLE, reason: 'it holds the master secret: the recovery vault key must be another secret' })
    return { secret }
  }
  if (dataDir === ':memory:' || dev) return { ...loadSecureSiteSecret(dataDir, RECOVERY_VAULT_KEY_FILE), inDataFolder: dataDir !== ':memory:' }
  return {}
}
