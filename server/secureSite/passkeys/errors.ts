import { ServerErrorCodes } from '../../errors/codes.js'
import { ServerError } from '../../errors/ServerError.js'

/**
 * A passkey ceremony the server does not accept (KEY_SHARES.md): no challenge pending for this
 * session, a credential that is not this user's, or a response whose signature, origin, RP or
 * user verification does not check out. Nothing is registered and no share is released.
 */
export class PasskeyRefusedError extends ServerError {
  static readonly code = ServerErrorCodes.PasskeyRefused
  override name = 'PasskeyRefusedError'
  /** @param reason - what failed, in a few words ("no challenge pending", "unknown credential", "assertion not verified") */
  constructor({ reason, cause }: { reason: string; cause?: unknown }) {
    super(`Passkey refused (${reason}): nothing was released`, { code: PasskeyRefusedError.code, statusCode: 403, replyCode: 'PASSKEY_REFUSED', cause })
  }
}

/** Recovery or a second registration asked of a user whose recovery share no passkey seals (or the reverse): 404 `NO_PASSKEY`. */
export class NoPasskeyError extends ServerError {
  static readonly code = ServerErrorCodes.NoPasskey
  override name = 'NoPasskeyError'
  constructor() {
    super("This wallet's recovery share is not sealed by a passkey", { code: NoPasskeyError.code, statusCode: 404, replyCode: 'NO_PASSKEY' })
  }
}

/**
 * A re-split the server does not take: no recovery ticket from a verified passkey assertion (or a
 * used or expired one), or a signature that does not prove the caller assembled this user's key.
 * The old shares stay.
 */
export class ReshareRefusedError extends ServerError {
  static readonly code = ServerErrorCodes.ReshareRefused
  override name = 'ReshareRefusedError'
  /** @param reason - "no recovery ticket" or "the signature is not the wallet's" */
  constructor({ reason }: { reason: string }) {
    super(`Re-split refused (${reason}): the old shares stay`, { code: ReshareRefusedError.code, statusCode: 403, replyCode: 'RESHARE_REFUSED' })
  }
}

/**
 * Automatic recovery asked of a wallet the recovery vault does not hold: a passkey seals its
 * recovery share (recover with the passkey), or this backend runs without a recovery vault key.
 * 404 `NO_RECOVERY_VAULT`.
 */
export class NoRecoveryVaultError extends ServerError {
  static readonly code = ServerErrorCodes.NoRecoveryVault
  override name = 'NoRecoveryVaultError'
  constructor() {
    super('This wallet has no automatic recovery here: recover it with its passkey', { code: NoRecoveryVaultError.code, statusCode: 404, replyCode: 'NO_RECOVERY_VAULT' })
  }
}
