import { base64urlnopad } from '@scure/base'
import type { SecureSiteApi } from './SecureSiteApi.js'
import type { DeviceShares } from './openShareStore.js'
import { openWithRecoverySecret } from './sealRecoveryShare.js'
import { signEd25519WithShares, withEvmKey } from './signWithShares.js'

/** What `POST /api/share/vault` answers: the recovery secret, and the recovery shares still sealed under it. */
interface VaultRelease {
  userId: string
  recoverySecret: string
  evm: { evmAddress: string; sealed: string }
  solana?: { solanaAddress: string; sealed: string }
}

const decode = (text: string) => base64urlnopad.decode(text)

/** The user's recovery secret from the vault (to re-seal the recovery share under a new passkey); the caller wipes it. */
export async function releaseVaultSecret(api: SecureSiteApi): Promise<Uint8Array> {
  return decode((await api.post<VaultRelease>('/api/share/vault')).recoverySecret)
}

/**
 * Automatic recovery (KEY_SHARES.md, "Recovery vault"): a device with a session but no share of
 * the wallet (a new device, or storage the browser partitioned or cleared) opens the recovery
 * shares with the vault's recovery secret and keeps them as its own shares. They are checked to
 * make the wallet's keys with the server's auth shares before they are kept; the secret is wiped.
 *
 * @returns this device's shares from now on
 * @throws SecureSiteApiError `NO_RECOVERY_VAULT` (a passkey seals the wallet) or `NO_KEY_SHARE` (a whole key)
 */
export async function recoverFromVault(api: SecureSiteApi): Promise<DeviceShares> {
  const released = await api.post<VaultRelease>('/api/share/vault')
  const secret = decode(released.recoverySecret)
  try {
    const shares: DeviceShares = {
      evmAddress: released.evm.evmAddress,
      deviceShare: await openWithRecoverySecret(decode(released.evm.sealed), secret, released.userId),
    }
    if (released.solana) {
      shares.solanaShare = await openWithRecoverySecret(decode(released.solana.sealed), secret, released.userId, 'ed25519')
      shares.solanaAddress = released.solana.solanaAddress
      await signEd25519WithShares(api, shares, [])
    }
    // Throws FrameKeySharesMismatchError unless the shares make this wallet's key.
    await withEvmKey(api, shares, async () => undefined)
    return shares
  } finally {
    secret.fill(0)
  }
}
