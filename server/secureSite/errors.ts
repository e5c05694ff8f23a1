import { ServerErrorCodes } from '../errors/codes.js'
import { ServerError } from '../errors/ServerError.js'

/** A missing, forged, expired or signed-out session token: 401, the kit's 'Session Expired' (SPEC §8). */
export class SessionExpiredError extends ServerError {
  static readonly code = ServerErrorCodes.SessionExpired
  override name = 'SessionExpiredError'
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Session Expired', { code: SessionExpiredError.code, statusCode: 401, replyCode: 'SESSION_EXPIRED', cause })
  }
}

/**
 * A request that starts or refreshes a session without a valid DPoP proof (RFC 9449) from the
 * device's key: missing, forged, for another request, stale or replayed. On a request that uses a
 * session the same failure is 401 'Session Expired', so a stolen token learns nothing more.
 */
export class InvalidProofError extends ServerError {
  static readonly code = ServerErrorCodes.InvalidProof
  override name = 'InvalidProofError'
  constructor({ reason, cause }: { reason: string; cause?: unknown }) {
    super(`Invalid device proof: ${reason}`, { code: InvalidProofError.code, statusCode: 400, replyCode: 'INVALID_PROOF', cause })
  }
}

/** Five wrong codes in a row: no code is checked or sent for this email until the lock ends. */
export class LoginLockedError extends ServerError {
  static readonly code = ServerErrorCodes.LoginLocked
  override name = 'LoginLockedError'
  constructor({ minutes }: { minutes: number }) {
    super(`Too many wrong codes: this email is locked, try again in ${minutes} minute${minutes === 1 ? '' : 's'}`, {
      code: LoginLockedError.code,
      statusCode: 403,
      replyCode: 'LOGIN_LOCKED',
      // The number apart from the sentence, so the frame and the kit can say it in the visitor's language.
      body: { minutes },
    })
  }
}

/** A second login email within 30 s (SPEC §5/§9). */
export class ResendTooSoonError extends ServerError {
  static readonly code = ServerErrorCodes.ResendTooSoon
  override name = 'ResendTooSoonError'
  constructor({ seconds }: { seconds: number }) {
    super(`Please try again after ${seconds} seconds`, { code: ResendTooSoonError.code, statusCode: 429, replyCode: 'RESEND_TOO_SOON', body: { seconds } })
  }
}

/** A code that does not match the one sent. */
export class InvalidLoginCodeError extends ServerError {
  static readonly code = ServerErrorCodes.InvalidLoginCode
  override name = 'InvalidLoginCodeError'
  constructor({ triesLeft }: { triesLeft: number }) {
    super(`Invalid code: ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left`, {
      code: InvalidLoginCodeError.code,
      statusCode: 400,
      replyCode: 'INVALID_CODE',
      body: { triesLeft },
    })
  }
}

/** A code older than 10 minutes. */
export class LoginCodeExpiredError extends ServerError {
  static readonly code = ServerErrorCodes.LoginCodeExpired
  override name = 'LoginCodeExpiredError'
  constructor() {
    super('This code has expired: request a new one', { code: LoginCodeExpiredError.code, statusCode: 400, replyCode: 'CODE_EXPIRED' })
  }
}

/** A code checked for an email (and device) no code was sent to. */
export class NoLoginCodeError extends ServerError {
  static readonly code = ServerErrorCodes.NoLoginCode
  override name = 'NoLoginCodeError'
  constructor() {
    super('No code was sent for this login: request a new one', { code: NoLoginCodeError.code, statusCode: 400, replyCode: 'NO_CODE' })
  }
}

/** A device-approval link that was never sent or was already used. */
export class DeviceLinkInvalidError extends ServerError {
  static readonly code = ServerErrorCodes.DeviceLinkInvalid
  override name = 'DeviceLinkInvalidError'
  constructor() {
    super('This approval link is not valid', { code: DeviceLinkInvalidError.code, statusCode: 404, replyCode: 'DEVICE_LINK_INVALID' })
  }
}

/** A chain id the secure site does not serve. */
export class SecureSiteChainNotSupportedError extends ServerError {
  static readonly code = ServerErrorCodes.ChainNotSupported
  override name = 'SecureSiteChainNotSupportedError'
  constructor() {
    super('Chain is not supported', { code: SecureSiteChainNotSupportedError.code, statusCode: 400, replyCode: 'CHAIN_NOT_SUPPORTED' })
  }
}

/** An RPC method on neither the safe nor the not-safe list (SPEC §8). */
export class RpcMethodNotAllowedError extends ServerError {
  static readonly code = ServerErrorCodes.RpcMethodNotAllowed
  override name = 'RpcMethodNotAllowedError'
  constructor() {
    super('Requested RPC call is not allowed', { code: RpcMethodNotAllowedError.code, statusCode: 400, replyCode: 'RPC_METHOD_NOT_ALLOWED' })
  }
}

/** Signing parameters that do not fit the method (a non-hex message, a transaction without `to`…). */
export class InvalidSignRequestError extends ServerError {
  static readonly code = ServerErrorCodes.InvalidSignRequest
  override name = 'InvalidSignRequestError'
  constructor({ method, cause }: { method: string; cause?: unknown }) {
    super(`Invalid parameters for ${method}`, { code: InvalidSignRequestError.code, statusCode: 400, replyCode: 'INVALID_PARAMS', cause })
  }
}

/** The chain answered a JSON-RPC error: its message is passed on (it names the chain's reason, e.g. a revert). */
export class ChainRpcFailedError extends ServerError {
  static readonly code = ServerErrorCodes.ChainRpcFailed
  override name = 'ChainRpcFailedError'
  constructor({ message, cause }: { message: string; cause?: unknown }) {
    super(message.slice(0, 300), { code: ChainRpcFailedError.code, statusCode: 400, replyCode: 'RPC_ERROR', cause })
  }
}

/** An email change to an address that already belongs to a user (or is the user's own). */
export class EmailInUseError extends ServerError {
  static readonly code = ServerErrorCodes.EmailInUse
  override name = 'EmailInUseError'
  constructor() {
    super('This email is already in use', { code: EmailInUseError.code, statusCode: 409, replyCode: 'EMAIL_IN_USE' })
  }
}

/** A social provider the secure site has no issuer, client id and secret for. */
export class SocialProviderNotConfiguredError extends ServerError {
  static readonly code = ServerErrorCodes.SocialProviderNotConfigured
  override name = 'SocialProviderNotConfiguredError'
  constructor({ provider }: { provider: string }) {
    super(`${provider} login is not configured on this secure site`, { code: SocialProviderNotConfiguredError.code, statusCode: 400, replyCode: 'SOCIAL_PROVIDER_NOT_CONFIGURED' })
  }
}

/** A provider callback whose state names no login in progress (unknown, used or stale): nothing is posted anywhere. */
export class SocialCallbackInvalidError extends ServerError {
  static readonly code = ServerErrorCodes.SocialCallbackInvalid
  override name = 'SocialCallbackInvalidError'
  constructor() {
    super('This sign-in link is not valid any more: start again from the app', { code: SocialCallbackInvalidError.code, statusCode: 400, replyCode: 'SOCIAL_CALLBACK_INVALID' })
  }
}

/** The provider refused, or its answer failed a check (PKCE, state, nonce, id token): SPEC §8's sentence. */
export class SocialLoginFailedError extends ServerError {
  static readonly code = ServerErrorCodes.SocialLoginFailed
  override name = 'SocialLoginFailedError'
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Failed to initiate social connection', { code: SocialLoginFailedError.code, statusCode: 400, replyCode: 'SOCIAL_LOGIN_FAILED', cause })
  }
}

/** A popup result redeemed twice, too late, or by a frame that did not start that login. */
export class SocialResultInvalidError extends ServerError {
  static readonly code = ServerErrorCodes.SocialResultInvalid
  override name = 'SocialResultInvalidError'
  constructor() {
    super('Failed to initiate social connection', { code: SocialResultInvalidError.code, statusCode: 400, replyCode: 'SOCIAL_RESULT_INVALID' })
  }
}

/** An email change asked for by an account that logged in socially and has no email of its own. */
export class NoEmailOnAccountError extends ServerError {
  static readonly code = ServerErrorCodes.NoEmailOnAccount
  override name = 'NoEmailOnAccountError'
  constructor() {
    super('This account has no email to change: it logged in with a social provider', { code: NoEmailOnAccountError.code, statusCode: 400, replyCode: 'NO_EMAIL_ON_ACCOUNT' })
  }
}

/**
 * A login call with no `Origin` header: browsers send one with every POST of the frame, so a
 * call without it comes from outside a browser (a page's server relaying a visitor's code).
 */
export class LoginOriginRequiredError extends ServerError {
  static readonly code = ServerErrorCodes.LoginOriginRequired
  override name = 'LoginOriginRequiredError'
  constructor() {
    super("Login requests must come from the secure site's own page", { code: LoginOriginRequiredError.code, statusCode: 403, replyCode: 'ORIGIN_REQUIRED' })
  }
}

/** Too many emails to one address within the hour: no more until the oldest is an hour old. */
export class MailLimitReachedError extends ServerError {
  static readonly code = ServerErrorCodes.MailLimitReached
  override name = 'MailLimitReachedError'
  constructor({ minutes }: { minutes: number }) {
    super(`Too many emails to this address: try again in ${minutes} minute${minutes === 1 ? '' : 's'}`, {
      code: MailLimitReachedError.code,
      statusCode: 429,
      replyCode: 'MAIL_LIMIT_REACHED',
      body: { minutes },
    })
  }
}

/** A user whose gas sponsorship for the day is used up: 429 `SPONSORSHIP_QUOTA_EXCEEDED`. */
export class SponsorshipQuotaExceededError extends ServerError {
  static readonly code = ServerErrorCodes.SponsorshipQuotaExceeded
  override name = 'SponsorshipQuotaExceededError'
  /** @param perDay - the sponsored operations one user gets a day */
  constructor({ perDay }: { perDay: number }) {
    super(`Sponsored transactions used up: ${perDay} a day per account, try again tomorrow`, {
      code: SponsorshipQuotaExceededError.code,
      statusCode: 429,
      replyCode: 'SPONSORSHIP_QUOTA_EXCEEDED',
    })
  }
}

/** A UserOperation the sponsorship policy will not pay for: the bundler estimates more gas than the policy's limits. 403 `SPONSORSHIP_REFUSED`. */
export class SponsorshipRefusedError extends ServerError {
  static readonly code = ServerErrorCodes.SponsorshipRefused
  override name = 'SponsorshipRefusedError'
  /** @param limit - which gas limit the estimate passed, e.g. 'callGasLimit' */
  constructor({ limit }: { limit: string }) {
    super(`This transaction needs more gas than sponsored transactions may use (${limit})`, { code: SponsorshipRefusedError.code, statusCode: 403, replyCode: 'SPONSORSHIP_REFUSED' })
  }
}

/** The external ERC-4337 bundler refused or failed a UserOperation: 502 `BUNDLER_FAILED` (its answer is logged, not sent). */
export class BundlerFailedError extends ServerError {
  static readonly code = ServerErrorCodes.BundlerFailed
  override name = 'BundlerFailedError'
  constructor({ cause }: { cause?: unknown } = {}) {
    super('The bundler did not take the transaction', { code: BundlerFailedError.code, statusCode: 502, replyCode: 'BUNDLER_FAILED', cause })
  }
}
