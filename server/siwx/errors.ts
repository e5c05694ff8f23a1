import { ServerErrorCodes } from '../errors/codes.js'
import { ServerError } from '../errors/ServerError.js'

/** A sign-in from a page off the project's allow-list: 403 `ORIGIN_NOT_ALLOWED`. */
export class SignInOriginNotAllowedError extends ServerError {
  static readonly code = ServerErrorCodes.SignInOriginNotAllowed
  override name = 'SignInOriginNotAllowedError'
  constructor() {
    super('the page signing in must be an allowed origin of the project', { code: SignInOriginNotAllowedError.code, statusCode: 403, replyCode: 'ORIGIN_NOT_ALLOWED' })
  }
}

/** A sign-in message that is not EIP-4361 (CAIP-122) or lacks a field: 400 `INVALID_MESSAGE`. */
export class SignInMessageInvalidError extends ServerError {
  static readonly code = ServerErrorCodes.SignInMessageInvalid
  override name = 'SignInMessageInvalidError'
  /** @param reason - the sentence naming the field, e.g. 'message/issuedAt must be an RFC 3339 time' */
  constructor({ reason }: { reason: string }) {
    super(reason, { code: SignInMessageInvalidError.code, statusCode: 400, replyCode: 'INVALID_MESSAGE' })
  }
}

/** A sign-in message for another page than the one signing in: 400 `DOMAIN_MISMATCH`. */
export class SignInDomainMismatchError extends ServerError {
  static readonly code = ServerErrorCodes.SignInDomainMismatch
  override name = 'SignInDomainMismatchError'
  /** @param host - the host of the request's Origin */
  constructor({ host }: { host: string }) {
    super(`message/domain and message/uri must name the page signing in (${host})`, { code: SignInDomainMismatchError.code, statusCode: 400, replyCode: 'DOMAIN_MISMATCH' })
  }
}

/** A sign-in message issued, or valid from, later than now (beyond the clock skew): 400 `MESSAGE_NOT_YET_VALID`. */
export class SignInMessageNotYetValidError extends ServerError {
  static readonly code = ServerErrorCodes.SignInMessageNotYetValid
  override name = 'SignInMessageNotYetValidError'
  /** @param field - `issuedAt` or `notBefore` */
  constructor({ field }: { field: 'issuedAt' | 'notBefore' }) {
    super(`message/${field} is in the future`, { code: SignInMessageNotYetValidError.code, statusCode: 400, replyCode: 'MESSAGE_NOT_YET_VALID' })
  }
}

/** A sign-in message past its `expirationTime`: 400 `MESSAGE_EXPIRED`. */
export class SignInMessageExpiredError extends ServerError {
  static readonly code = ServerErrorCodes.SignInMessageExpired
  override name = 'SignInMessageExpiredError'
  constructor() {
    super('message/expirationTime has passed', { code: SignInMessageExpiredError.code, statusCode: 400, replyCode: 'MESSAGE_EXPIRED' })
  }
}

/** A sign-in on a chain this server does not verify on: 400 `UNSUPPORTED_CHAIN`. */
export class SignInChainUnsupportedError extends ServerError {
  static readonly code = ServerErrorCodes.SignInChainUnsupported
  override name = 'SignInChainUnsupportedError'
  constructor({ chainId }: { chainId: string | number }) {
    super(`message/chainId ${chainId} is not a chain this server verifies on`, { code: SignInChainUnsupportedError.code, statusCode: 400, replyCode: 'UNSUPPORTED_CHAIN' })
  }
}

/** A nonce this server did not issue for this project: 400 `NONCE_UNKNOWN`. */
export class NonceUnknownError extends ServerError {
  static readonly code = ServerErrorCodes.NonceUnknown
  override name = 'NonceUnknownError'
  constructor() {
    super('message/nonce was not issued by this server for this project', { code: NonceUnknownError.code, statusCode: 400, replyCode: 'NONCE_UNKNOWN' })
  }
}

/** A nonce already redeemed (a replay, or the loser of a race): 409 `NONCE_USED`. */
export class NonceUsedError extends ServerError {
  static readonly code = ServerErrorCodes.NonceUsed
  override name = 'NonceUsedError'
  constructor() {
    super('message/nonce was already used: ask for a new one', { code: NonceUsedError.code, statusCode: 409, replyCode: 'NONCE_USED' })
  }
}

/** A nonce past its life: 400 `NONCE_EXPIRED`. */
export class NonceExpiredError extends ServerError {
  static readonly code = ServerErrorCodes.NonceExpired
  override name = 'NonceExpiredError'
  constructor() {
    super('message/nonce has expired: ask for a new one', { code: NonceExpiredError.code, statusCode: 400, replyCode: 'NONCE_EXPIRED' })
  }
}

/**
 * A signature the named account did not make: 401 `INVALID_SIGNATURE`. The sign-in routes say
 * "is not the account's signature of message", the session and name routes "does not match address".
 */
export class SignatureMismatchError extends ServerError {
  static readonly code = ServerErrorCodes.SignatureMismatch
  override name = 'SignatureMismatchError'
  /** @param of - what was signed: `message` (sign-in) or `address` (a grant, a revocation, a name) */
  constructor({ of, body }: { of: 'message' | 'address'; body?: Record<string, unknown> }) {
    const sentence = of === 'message' ? 'signature is not the account’s signature of message' : 'signature does not match address'
    super(sentence, { code: SignatureMismatchError.code, statusCode: 401, replyCode: 'INVALID_SIGNATURE', body })
  }
}

/** A bearer token that names no live sign-in session: 401 `SESSION_TOKEN_INVALID`. */
export class SignInSessionInvalidError extends ServerError {
  static readonly code = ServerErrorCodes.SignInSessionInvalid
  override name = 'SignInSessionInvalidError'
  constructor() {
    super('authorization is not a live sign-in session: sign in again', { code: SignInSessionInvalidError.code, statusCode: 401, replyCode: 'SESSION_TOKEN_INVALID' })
  }
}

/** A live sign-in session of another account or network than the request names: 403 `SESSION_TOKEN_MISMATCH`. */
export class SignInSessionMismatchError extends ServerError {
  static readonly code = ServerErrorCodes.SignInSessionMismatch
  override name = 'SignInSessionMismatchError'
  constructor() {
    super('authorization is a session of another account or network', { code: SignInSessionMismatchError.code, statusCode: 403, replyCode: 'SESSION_TOKEN_MISMATCH' })
  }
}
