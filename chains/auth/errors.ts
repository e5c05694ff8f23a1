import { KitError, type KitErrorParameters } from '../../kernel/index.js'

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

/** The frame answered a request with an error; its message is what the visitor sees. */
export class FrameRequestError extends KitError {
  static readonly code = AuthErrorCodes.FrameRequestFailed
  override name = 'FrameRequestError'
  constructor(message: string, parameters: Cause = {}) {
    super(message || 'Something went wrong', { code: FrameRequestError.code, ...parameters })
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
