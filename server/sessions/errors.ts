import { ServerErrorCodes } from '../errors/codes.js'
import { ServerError } from '../errors/ServerError.js'

/** A wallet-session grant whose signed message is not the JSON the route records: 400 `INVALID_MESSAGE`. */
export class SessionGrantInvalidError extends ServerError {
  static readonly code = ServerErrorCodes.SessionGrantInvalid
  override name = 'SessionGrantInvalidError'
  /** @param reason - the sentence naming the field, e.g. 'message/nonce must be a string of 8 to 128 characters' */
  constructor({ reason }: { reason: string }) {
    super(reason, { code: SessionGrantInvalidError.code, statusCode: 400, replyCode: 'INVALID_MESSAGE' })
  }
}

/** A signed grant recorded before (the same message): 409 `GRANT_ALREADY_USED`. */
export class SessionGrantUsedError extends ServerError {
  static readonly code = ServerErrorCodes.SessionGrantUsed
  override name = 'SessionGrantUsedError'
  constructor() {
    super('this signed grant was already recorded: sign a new nonce', { code: SessionGrantUsedError.code, statusCode: 409, replyCode: 'GRANT_ALREADY_USED' })
  }
}

/** A revocation for a pci that is not a session of the address: 404 `SESSION_NOT_FOUND`. */
export class WalletSessionNotFoundError extends ServerError {
  static readonly code = ServerErrorCodes.WalletSessionNotFound
  override name = 'WalletSessionNotFoundError'
  constructor() {
    super('pci is not a session of this address', { code: WalletSessionNotFoundError.code, statusCode: 404, replyCode: 'SESSION_NOT_FOUND' })
  }
}

/** A revocation of a session already revoked: 409 `SESSION_REVOKED`. */
export class WalletSessionRevokedError extends ServerError {
  static readonly code = ServerErrorCodes.WalletSessionRevoked
  override name = 'WalletSessionRevokedError'
  constructor() {
    super('pci is already revoked', { code: WalletSessionRevokedError.code, statusCode: 409, replyCode: 'SESSION_REVOKED' })
  }
}

/**
 * A session key's operation outside its permission (unknown or revoked key, expired, another
 * token or call, over what is left of the allowance): the secure site sends nothing, and the smart
 * account would refuse it on chain anyway. 403 `SESSION_PERMISSION_REFUSED`.
 */
export class SessionPermissionRefusedError extends ServerError {
  static readonly code = ServerErrorCodes.SessionPermissionRefused
  override name = 'SessionPermissionRefusedError'
  /** @param reason - e.g. 'it asks 5 of the 3 left of its allowance' */
  constructor({ reason }: { reason: string }) {
    super(`Session permission refused: ${reason}; nothing was sent`, { code: SessionPermissionRefusedError.code, statusCode: 403, replyCode: 'SESSION_PERMISSION_REFUSED' })
  }
}
