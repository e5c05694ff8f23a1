import type { RunningBackend } from '../startBackend.js'

/**
 * The start-up log's lines on how new wallets' keys are kept: the operator should know whether
 * the server can open whole keys, and who can recover a wallet whose device is lost.
 */
export function describeKeyModel({ keyShares, recoveryVault, recoveryVaultFile }: RunningBackend['keyModel']): string[] {
  if (!keyShares) return ["Whole keys (--whole-keys): each new wallet's key is sealed whole under the master secret and signed on the server"]
  return [
    'Key shares: new wallets are split 2-of-3 and signed only in the wallet frame; the server keeps a sealed auth share',
    recoveryVault
      ? `Automatic recovery: a recovery vault key${recoveryVaultFile ? ` (${recoveryVaultFile})` : ''} lets a wallet without a passkey sign again on a new device after a login; keep it apart from the master secret`
      : 'Automatic recovery off (no --recovery-vault-key-file): a wallet without a passkey is lost with its device',
  ]
}
