import { KitError } from '../../../kernel/errors/base.js'
import { CODE_NOT_ENTERED_MESSAGE, RPC_METHOD_NOT_ALLOWED_MESSAGE } from '../../../chains/auth/frameProtocol.js'
import type { RefusalValues } from '../../../chains/auth/refusalValues.js'

/** Every error code the secure site's frame page throws. Never reused or renamed. */
export const FrameErrorCodes = {
  ApiRefused: 'KIT_FRAME_API_REFUSED',
  NetworkError: 'KIT_FRAME_NETWORK_ERROR',
  SessionExpired: 'KIT_FRAME_SESSION_EXPIRED',
  NotSignedIn: 'KIT_FRAME_NOT_SIGNED_IN',
  InvalidEmail: 'KIT_FRAME_INVALID_EMAIL',
  InvalidCode: 'KIT_FRAME_INVALID_CODE',
  NoLoginInProgress: 'KIT_FRAME_NO_LOGIN_IN_PROGRESS',
  DeviceNotApproved: 'KIT_FRAME_DEVICE_NOT_APPROVED',
  ChainNotSupported: 'KIT_FRAME_CHAIN_NOT_SUPPORTED',
  RpcNotAllowed: 'KIT_FRAME_RPC_NOT_ALLOWED',
  MethodUnsupported: 'KIT_FRAME_METHOD_UNSUPPORTED',
  InvalidRequest: 'KIT_FRAME_INVALID_REQUEST',
  UserRejected: 'KIT_FRAME_USER_REJECTED',
  SmartAccountsUnsupported: 'KIT_FRAME_SMART_ACCOUNTS_UNSUPPORTED',
  FeatureUnavailable: 'KIT_FRAME_FEATURE_UNAVAILABLE',
  SocialLoginFailed: 'KIT_FRAME_SOCIAL_LOGIN_FAILED',
  FarcasterLoginFailed: 'KIT_FRAME_FARCASTER_LOGIN_FAILED',
  ApprovalWindowBlocked: 'KIT_FRAME_APPROVAL_WINDOW_BLOCKED',
  CodeNotEntered: 'KIT_FRAME_CODE_NOT_ENTERED',
  PageCodeRefused: 'KIT_FRAME_PAGE_CODE_REFUSED',
  NoCodeField: 'KIT_FRAME_NO_CODE_FIELD',
  KeySharesMismatch: 'KIT_FRAME_KEY_SHARES_MISMATCH',
  PasskeyFailed: 'KIT_FRAME_PASSKEY_FAILED',
  NoDeviceShare: 'KIT_FRAME_NO_DEVICE_SHARE',
} as const

declare module '../../../kernel/errors/codes.js' {
  interface ErrorCodeMap {
    frame: (typeof FrameErrorCodes)[keyof typeof FrameErrorCodes]
  }
}

/** The secure site's API refused a call: its own sentence ('Please try again after 12 seconds'), else 'HTTP status code: N'. */
export class SecureSiteApiError extends KitError {
  static readonly code = FrameErrorCodes.ApiRefused
  override name = 'SecureSiteApiError'
  readonly status: number
  /** The server's reply code (`NO_KEY_SHARE`, `NO_RECOVERY_VAULT`, …), when it sent one. */
  readonly replyCode: string | undefined
  /** The numbers in the server's sentence, when it gave them (`triesLeft`…). */
  readonly values: RefusalValues | undefined
  constructor({ status, message, replyCode, values }: { status: number; message?: string; replyCode?: string; values?: RefusalValues }) {
    super(message ?? `HTTP status code: ${status}`, { code: SecureSiteApiError.code, details: `HTTP status code: ${status}` })
    this.status = status
    this.replyCode = replyCode
    this.values = values
  }
}

/** The frame could not reach its own server. */
export class FrameNetworkError extends KitError {
  static readonly code = FrameErrorCodes.NetworkError
  override name = 'FrameNetworkError'
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Network Error', { code: FrameNetworkError.code, cause })
  }
}

/** SPEC §8 'Session Expired': the server refused the session (forged, expired, signed out). */
export class FrameSessionExpiredError extends KitError {
  static readonly code = FrameErrorCodes.SessionExpired
  override name = 'FrameSessionExpiredError'
  constructor() {
    super('Session Expired', { code: FrameSessionExpiredError.code })
  }
}

/** A request that needs a signed-in visitor, with nobody signed in (SPEC §8's sentence). */
export class FrameNotSignedInError extends KitError {
  static readonly code = FrameErrorCodes.NotSignedIn
  override name = 'FrameNotSignedInError'
  constructor() {
    super('Not connected to email or social', { code: FrameNotSignedInError.code })
  }
}

export class FrameInvalidEmailError extends KitError {
  static readonly code = FrameErrorCodes.InvalidEmail
  override name = 'FrameInvalidEmailError'
  constructor() {
    super('Invalid email', { code: FrameInvalidEmailError.code })
  }
}

export class FrameInvalidCodeError extends KitError {
  static readonly code = FrameErrorCodes.InvalidCode
  override name = 'FrameInvalidCodeError'
  constructor() {
    super('The code has 6 digits', { code: FrameInvalidCodeError.code })
  }
}

/** CONNECT_DEVICE or CONNECT_OTP before CONNECT_EMAIL. */
export class FrameNoLoginInProgressError extends KitError {
  static readonly code = FrameErrorCodes.NoLoginInProgress
  override name = 'FrameNoLoginInProgressError'
  constructor() {
    super('No email login in progress', { code: FrameNoLoginInProgressError.code })
  }
}

/** CONNECT_DEVICE waited its 120 s (SPEC §9) and the emailed link was not opened. */
export class FrameDeviceNotApprovedError extends KitError {
  static readonly code = FrameErrorCodes.DeviceNotApproved
  override name = 'FrameDeviceNotApprovedError'
  constructor() {
    super('The device was not approved in time', { code: FrameDeviceNotApprovedError.code })
  }
}

export class FrameChainNotSupportedError extends KitError {
  static readonly code = FrameErrorCodes.ChainNotSupported
  override name = 'FrameChainNotSupportedError'
  constructor() {
    super('Chain is not supported', { code: FrameChainNotSupportedError.code })
  }
}

/** SPEC §8: a method on neither the safe nor the not-safe list. */
export class FrameRpcNotAllowedError extends KitError {
  static readonly code = FrameErrorCodes.RpcNotAllowed
  override name = 'FrameRpcNotAllowedError'
  constructor() {
    super(RPC_METHOD_NOT_ALLOWED_MESSAGE, { code: FrameRpcNotAllowedError.code })
  }
}

/** A listed method this wallet cannot do yet (e.g. wallet_grantPermissions). */
export class FrameMethodUnsupportedError extends KitError {
  static readonly code = FrameErrorCodes.MethodUnsupported
  override name = 'FrameMethodUnsupportedError'
  constructor({ method }: { method: string }) {
    super(`${method} is not supported by this wallet yet`, { code: FrameMethodUnsupportedError.code })
  }
}

/** A signing request refused before its card shows (the server refuses it too, with the same sentence). */
export class FrameInvalidRequestError extends KitError {
  static readonly code = FrameErrorCodes.InvalidRequest
  override name = 'FrameInvalidRequestError'
  constructor({ method, reason }: { method: string; reason: string }) {
    super(`Invalid parameters for ${method}`, { code: FrameInvalidRequestError.code, details: reason })
  }
}

/** The visitor pressed Reject on the approval card (the kit maps it to 'Signature declined'). */
export class FrameUserRejectedError extends KitError {
  static readonly code = FrameErrorCodes.UserRejected
  override name = 'FrameUserRejectedError'
  constructor() {
    super('User rejected the request.', { code: FrameUserRejectedError.code })
  }
}

/** SPEC §8's sentence: this wallet offers EOAs only. */
export class FrameSmartAccountsUnsupportedError extends KitError {
  static readonly code = FrameErrorCodes.SmartAccountsUnsupported
  override name = 'FrameSmartAccountsUnsupportedError'
  constructor() {
    super('This application might not support Smart Accounts', { code: FrameSmartAccountsUnsupportedError.code })
  }
}

/** A request for a feature this secure site does not have yet (social login, Farcaster). */
export class FrameFeatureUnavailableError extends KitError {
  static readonly code = FrameErrorCodes.FeatureUnavailable
  override name = 'FrameFeatureUnavailableError'
  constructor({ feature }: { feature: string }) {
    super(`${feature} is not available on this secure site yet`, { code: FrameFeatureUnavailableError.code })
  }
}

/** SPEC §8: a social login the frame cannot start or finish (unknown provider, no login started, result refused). */
export class FrameSocialLoginFailedError extends KitError {
  static readonly code = FrameErrorCodes.SocialLoginFailed
  override name = 'FrameSocialLoginFailedError'
  constructor({ details, cause }: { details?: string; cause?: unknown } = {}) {
    super('Failed to initiate social connection', { code: FrameSocialLoginFailedError.code, details, cause })
  }
}

/** SPEC §8: a Farcaster login the frame cannot start or finish (no channel, not approved in time, message refused). */
export class FrameFarcasterLoginFailedError extends KitError {
  static readonly code = FrameErrorCodes.FarcasterLoginFailed
  override name = 'FrameFarcasterLoginFailedError'
  constructor({ details, cause }: { details?: string; cause?: unknown } = {}) {
    super('Failed to connect to farcaster', { code: FrameFarcasterLoginFailedError.code, details, cause })
  }
}

/** The browser refused to open the approval window (a pop-up blocker, or a frame sandboxed without `allow-popups`). */
export class FrameApprovalWindowBlockedError extends KitError {
  static readonly code = FrameErrorCodes.ApprovalWindowBlocked
  override name = 'FrameApprovalWindowBlockedError'
  constructor() {
    super('The browser blocked the approval window: allow pop-ups for this site, then try again.', {
      code: FrameApprovalWindowBlockedError.code,
    })
  }
}

/** A code wait (CONNECT_OTP, UPDATE_EMAIL_*_OTP) ended with nothing typed in the secure field; the kit asks again. */
export class FrameCodeNotEnteredError extends KitError {
  static readonly code = FrameErrorCodes.CodeNotEntered
  override name = 'FrameCodeNotEnteredError'
  constructor() {
    super(CODE_NOT_ENTERED_MESSAGE, { code: FrameCodeNotEnteredError.code })
  }
}

/** A page sent a one-time code itself: codes come only from the secure field (issue 26). */
export class FramePageCodeRefusedError extends KitError {
  static readonly code = FrameErrorCodes.PageCodeRefused
  override name = 'FramePageCodeRefusedError'
  constructor() {
    super('Codes are typed in the secure field: a code sent by the page is refused', { code: FramePageCodeRefusedError.code })
  }
}

/** The frame was loaded without a code channel (an older kit): no code can reach it. */
export class FrameNoCodeFieldError extends KitError {
  static readonly code = FrameErrorCodes.NoCodeField
  override name = 'FrameNoCodeFieldError'
  constructor() {
    super('The secure code field is not available: update the kit', { code: FrameNoCodeFieldError.code })
  }
}

/** The shares this frame holds and the server's do not make the user's key (KEY_SHARES.md): nothing is signed. */
export class FrameKeySharesMismatchError extends KitError {
  static readonly code = FrameErrorCodes.KeySharesMismatch
  override name = 'FrameKeySharesMismatchError'
  constructor({ cause }: { cause?: unknown } = {}) {
    super("This device's key share does not match this wallet: nothing was signed", { code: FrameKeySharesMismatchError.code, cause })
  }
}

/** A passkey step in the secure site's passkey window did not finish (closed, cancelled, or no largeBlob on this authenticator): nothing changed. */
export class FramePasskeyFailedError extends KitError {
  static readonly code = FrameErrorCodes.PasskeyFailed
  override name = 'FramePasskeyFailedError'
  /** @param reason - what the window said, or why the frame stopped */
  constructor({ reason }: { reason: string }) {
    super(`The passkey step did not finish: ${reason}`, { code: FramePasskeyFailedError.code })
  }
}

/** This device holds no share of the wallet's key (or no recovery secret to hand to a passkey): recover with the passkey first. */
export class FrameNoDeviceShareError extends KitError {
  static readonly code = FrameErrorCodes.NoDeviceShare
  override name = 'FrameNoDeviceShareError'
  /** @param what - what is missing: "device share" or "recovery secret" */
  constructor({ what }: { what: string }) {
    super(`This device holds no ${what} of this wallet`, { code: FrameNoDeviceShareError.code })
  }
}
