import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { SecureSiteUser } from '../EmailLogin.js'
import type { RecoveryShares } from '../passkeys/RecoveryShares.js'
import type { RecoveryVault } from './RecoveryVault.js'
import { NoRecoveryVaultError } from '../passkeys/errors.js'

export interface VaultRouteOptions {
  vault: RecoveryVault
  recovery: RecoveryShares
  /** The DPoP-proven session's user (secureSiteApiRoutes' `signedIn`). */
  signedIn: (request: FastifyRequest) => Promise<{ user: SecureSiteUser }>
}

const encode = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')

/**
 * Automatic recovery (KEY_SHARES.md, "Recovery vault"): `POST /api/share/vault`, from a
 * DPoP-proven session only, answers the user's recovery secret and their recovery shares still
 * sealed under it. The frame opens them and keeps them as this device's shares: a new device, or
 * a frame whose storage the browser partitioned or cleared, signs again after a login, with no
 * passkey. The server never opens a recovery share itself. `404 NO_RECOVERY_VAULT` once a passkey
 * seals the wallet (recover with it) or where the backend has no vault key; `404 NO_KEY_SHARE`
 * for a whole key.
 */
export function vaultRoutes(app: FastifyInstance, { vault, recovery, signedIn }: VaultRouteOptions) {
  app.post('/api/share/vault', async (request) => {
    const { user } = await signedIn(request)
    const evm = await recovery.sealed(user.id)
    const secret = evm.holder === 'recovery' ? await vault.release(user.id) : undefined
    if (!secret) throw new NoRecoveryVaultError()
    const seed = await recovery.sealedSolana(user.id)
    const solana = seed?.holder === 'recovery' ? seed : undefined
    try {
      return {
        userId: user.id,
        recoverySecret: encode(secret),
        evm: { evmAddress: evm.evmAddress, sealed: encode(evm.sealed) },
        ...(solana ? { solana: { solanaAddress: solana.solanaAddress, sealed: encode(solana.sealed) } } : {}),
      }
    } finally {
      secret.fill(0)
    }
  })
}
