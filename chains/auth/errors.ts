import { KitError, type KitErrorParameters } from '../../kernel/index.js'
import type { RefusalValues } from './refusalValues.js'

/** Every error code of the embedded wallet's connector (SPEC §8 frame and alert errors). Never reused or renamed. */
export const AuthErrorCodes = {
  FrameLoadFailed: 'KIT_AUTH_FRAME_LOAD_FAILED',
  FrameRequestTimeout: 'KIT_AUTH_FRAME_REQUEST_TIMEOUT',
  SessionExpired: 'KIT_AUTH_SESSION_EXPIRED',
  FrameRequestFailed: 'KIT_AUTH_FRAME_REQUEST_FAILED',
  RpcMethodNotAllowed: 'KIT_AUTH_RPC_METHOD_NOT_ALLOWED',
  FrameNotSet: 'KIT_AUTH_FRAME_NOT_SET',
  FrameRequestAborted: 'KIT_AUTH_FRAME_REQUEST_ABORTED',
  FrameAnswerInvalid: 'KIT_AUTH_FRAME_ANSWER_INVALID',
  PasskeyRefused: 'KIT_AUTH_PASSKEY_REFUSED',
  NoPasskey: 'KIT_AUTH_NO_PASSKEY',
  PasskeyNotAddable: 'KIT_AUTH_PASSKEY_NOT_ADDABLE',
  PasskeyNotFinished: 'KIT_AUTH_PASSKEY_NOT_FINISHED',
  PasskeyCancelled: 'KIT_AUTH_PASSKEY_CANCELLED',
  SecureWindowBlocked: 'KIT_AUTH_SECURE_WINDOW_BLOCKED',
  DeviceShareMissing: 'KIT_AUTH_DEVICE_SHARE_MISSING',
  SmartSessionsDisabled: 'KIT_AUTH_SMART_SESSIONS_DISABLED',
  RecoveryRefused: 'KIT_AUTH_RECOVERY_REFUSED',
  DependencyLoadFailed: 'KIT_AUTH_DEPENDENCY_LOAD_FAILED',
} as const

declare module '../../kernel/errors/codes.js' {
  interface ErrorCodeMap {
    auth: (typeof AuthErrorCodes)[keyof typeof AuthErrorCodes]
  }
}

type Cause = Pick<KitErrorParameters, 'cause' | 'details'>

/** The secure site's frame did not announce itself ready within SPEC §9's 20 s. */
export class FrameLoadError extends KitError {
  static readonly code = AuthErrorCodes.FrameLoadFailed
  override name = 'FrameLoadError'
  constructor(parameters: Cause = {}) {
    super('Network Error loading the embedded wallet', { code: FrameLoadError.code, ...parameters })
  }
}

/** The frame did not answer a request within its deadline (SPEC §9: 120 s for the connect steps). */
export class FrameRequestTimeoutError extends KitError {
  static readonly code = AuthErrorCodes.FrameRequestTimeout
  override name = 'FrameRequestTimeoutError'
  constructor(parameters: Cause = {}) {
    super('Embedded Wallet Request Timed Out', { code: FrameRequestTimeoutError.code, ...parameters })
  }
}

/** The secure site refused the visitor's session token (expired or forged). */
export class SessionExpiredError extends KitError {
  static readonly code = AuthErrorCodes.SessionExpired
  override name = 'SessionExpiredError'
  constructor(parameters: Cause = {}) {
    super('Session Expired', { code: SessionExpiredError.code, ...parameters })
  }
}

/** The frame answered a request with an error; its message is what the visitor sees ('An error occurred' when it gave none). */
export class FrameRequestError extends KitError {
  static readonly code = AuthErrorCodes.FrameRequestFailed
  override name = 'FrameRequestError'
  /** The frame's code for what failed (`FrameErrorPayload.code`), when it gave one. */
  readonly frameCode: string | undefined
  /** The numbers in the frame's sentence (`triesLeft`…), when it gave them. */
  readonly values: RefusalValues | undefined
  constructor(message: string, { frameCode, values, ...parameters }: Cause & { frameCode?: string; values?: RefusalValues } = {}) {
    super(message || FRAME_ERROR_WITHOUT_MESSAGE, { code: FrameRequestError.code, ...parameters })
    this.frameCode = frameCode
    this.values = values
  }
}

/** SPEC §8 'An error occurred': the frame answered a request with an error but said nothing of it. */
export const FRAME_ERROR_WITHOUT_MESSAGE = 'An error occurred'

/**
 * SPEC §8 'Unable to load email login dependency': the secure site's frame loaded but could not
 * load what email and social login need (its server's project record), so it will never be ready.
 */
export class FrameDependencyLoadError extends KitError {
  static readonly code = AuthErrorCodes.DependencyLoadFailed
  override name = 'FrameDependencyLoadError'
  constructor(parameters: Cause = {}) {
    super('Unable to load email login dependency', { code: FrameDependencyLoadError.code, ...parameters })
  }
}

/** SPEC §5: a method on neither RPC list never reaches the frame. */
export class RpcMethodNotAllowedError extends KitError {
  static readonly code = AuthErrorCodes.RpcMethodNotAllowed
  override name = 'RpcMethodNotAllowedError'
  constructor(parameters: Cause = {}) {
    super('Requested RPC call is not allowed', { code: RpcMethodNotAllowedError.code, ...parameters })
  }
}

/** SPEC §8 'W3mFrame: iframe is not set': a request after the frame was removed. */
export class FrameNotSetError extends KitError {
  static readonly code = AuthErrorCodes.FrameNotSet
  override name = 'FrameNotSetError'
  constructor() {
    super('W3mFrame: iframe is not set', { code: FrameNotSetError.code })
  }
}

/** SPEC §8 'Request was aborted': the frame reloaded before answering, so its reply can never come. */
export class FrameRequestAbortedError extends KitError {
  static readonly code = AuthErrorCodes.FrameRequestAborted
  override name = 'FrameRequestAbortedError'
  constructor(parameters: Cause = {}) {
    super('Request was aborted', { code: FrameRequestAbortedError.code, ...parameters })
  }
}

/** The frame answered a request, but not with what the request returns (a base58 value, ...). */
export class FrameAnswerInvalidError extends KitError {
  static readonly code = AuthErrorCodes.FrameAnswerInvalid
  override name = 'FrameAnswerInvalidError'
  constructor(parameters: Cause = {}) {
    super('The embedded wallet answered with an invalid value', { code: FrameAnswerInvalidError.code, ...parameters })
  }
}

/** Issue 26, PASSKEY_REFUSED: the secure site did not accept the passkey (another project's wallet, an unknown or unverified passkey). Nothing changed. */
export class PasskeyRefusedError extends KitError {
  static readonly code = AuthErrorCodes.PasskeyRefused
  override name = 'PasskeyRefusedError'
  /** @param reason - the secure site's few words ("not this project's wallet", "unknown credential") */
  constructor({ reason, cause }: { reason: string; cause?: unknown }) {
    super(`This passkey was refused (${reason}): nothing changed`, { code: PasskeyRefusedError.code, details: reason, cause })
  }
}

/** Issue 26, NO_PASSKEY: recovery asked of a wallet that no passkey protects. */
export class NoPasskeyError extends KitError {
  static readonly code = AuthErrorCodes.NoPasskey
  override name = 'NoPasskeyError'
  constructor(parameters: Cause = {}) {
    super('This wallet has no passkey: add one from Account on the device you used first', { code: NoPasskeyError.code, ...parameters })
  }
}

/** A passkey cannot be added here: the wallet already has one, or this device does not hold the wallet's key share. */
export class PasskeyNotAddableError extends KitError {
  static readonly code = AuthErrorCodes.PasskeyNotAddable
  override name = 'PasskeyNotAddableError'
  constructor(parameters: Cause = {}) {
    super('A passkey cannot be added on this device: the wallet already has one, or this device does not hold its key share', { code: PasskeyNotAddableError.code, ...parameters })
  }
}

/** The secure window's passkey step did not finish (closed, cancelled in the browser's prompt, an authenticator without the passkey). Nothing changed. */
export class PasskeyNotFinishedError extends KitError {
  static readonly code = AuthErrorCodes.PasskeyNotFinished
  override name = 'PasskeyNotFinishedError'
  /** @param reason - what the secure window said */
  constructor({ reason, cause }: { reason: string; cause?: unknown }) {
    super(`The passkey step did not finish (${reason}): nothing changed`, { code: PasskeyNotFinishedError.code, details: reason, cause })
  }
}

/** The visitor pressed Cancel in the wallet's frame instead of continuing in the secure window. */
export class PasskeyCancelledError extends KitError {
  static readonly code = AuthErrorCodes.PasskeyCancelled
  override name = 'PasskeyCancelledError'
  constructor(parameters: Cause = {}) {
    super('Cancelled: nothing changed', { code: PasskeyCancelledError.code, ...parameters })
  }
}

/** The browser did not open the wallet's secure window (a pop-up blocker). */
export class SecureWindowBlockedError extends KitError {
  static readonly code = AuthErrorCodes.SecureWindowBlocked
  override name = 'SecureWindowBlockedError'
  constructor(parameters: Cause = {}) {
    super("The browser blocked the wallet's secure window: allow pop-ups for this site, then try again", { code: SecureWindowBlockedError.code, ...parameters })
  }
}

/** Issue 26: this device holds no share of the wallet's key (a new device or site), so it cannot sign until the key is recovered with the passkey. */
export class DeviceShareMissingError extends KitError {
  static readonly code = AuthErrorCodes.DeviceShareMissing
  override name = 'DeviceShareMissingError'
  constructor(parameters: Cause = {}) {
    super("This device does not hold your wallet's key yet: recover it with your passkey, then try again", { code: DeviceShareMissingError.code, ...parameters })
  }
}

/** SPEC §1: smart sessions are off unless the host turns on its `smartSessions` feature; EIP-1193's 4200 (unsupported method). */
export class SmartSessionsDisabledError extends KitError {
  static readonly code = AuthErrorCodes.SmartSessionsDisabled
  override name = 'SmartSessionsDisabledError'
  constructor(parameters: Cause = {}) {
    super('Smart sessions are not enabled for this app', { code: SmartSessionsDisabledError.code, ...parameters })
  }
}

/** Issue 26, RESHARE_REFUSED (or shares that do not make the key): recovery did not finish and the wallet's shares stay as they were. */
export class RecoveryRefusedError extends KitError {
  static readonly code = AuthErrorCodes.RecoveryRefused
  override name = 'RecoveryRefusedError'
  constructor(parameters: Cause = {}) {
    super('Recovery did not finish: your wallet is unchanged, try again', { code: RecoveryRefusedError.code, ...parameters })
  }
}
