import { KitError } from '../../../kernel/errors/base.js'
import { WILDCARD_ORIGIN_REFUSED } from '../../plugins/projects/isOriginEntry.js'

/** Every error code the admin page throws. Never reused or renamed. */
export const AdminPageErrorCodes = {
  TokenRejected: 'KIT_ADMIN_TOKEN_REJECTED',
  RequestRefused: 'KIT_ADMIN_REQUEST_REFUSED',
  RateLimited: 'KIT_ADMIN_RATE_LIMITED',
  ServerError: 'KIT_ADMIN_SERVER_ERROR',
  OriginInvalid: 'KIT_ADMIN_ORIGIN_INVALID',
} as const

declare module '../../../kernel/errors/codes.js' {
  interface ErrorCodeMap {
    adminPage: (typeof AdminPageErrorCodes)[keyof typeof AdminPageErrorCodes]
  }
}

/** The admin API answered 401: no token or a wrong one. */
export class AdminTokenRejectedError extends KitError {
  static readonly code = AdminPageErrorCodes.TokenRejected
  override name = 'AdminTokenRejectedError'
  constructor() {
    super('Wrong admin token', { code: AdminTokenRejectedError.code, metaMessages: ['The server prints it at its first start and keeps it in .data/admin-token.'] })
  }
}

/**
 * The admin API refused the input (400, 404, 409): its own message, which names the field
 * (`body/allowedOrigins/0 "*" is not accepted: …`), else 'HTTP status code: N'.
 */
export class AdminRequestRefusedError extends KitError {
  static readonly code = AdminPageErrorCodes.RequestRefused
  override name = 'AdminRequestRefusedError'
  /** The API's reply code ('PROJECT_EXISTS', 'PROJECT_NOT_FOUND', …): the page words the known ones in its locale. */
  readonly replyCode: string | undefined
  /** The API's own sentence, if it sent one (English, naming the field in the API's terms). */
  readonly apiMessage: string | undefined
  constructor({ status, message, replyCode }: { status: number; message?: string; replyCode?: string }) {
    super(message ?? `HTTP status code: ${status}`, { code: AdminRequestRefusedError.code, details: `HTTP status code: ${status}` })
    this.replyCode = replyCode
    this.apiMessage = message
  }
}

/** 429: too many calls from this address (SPEC §8 'Rate Limited'). */
export class AdminRateLimitedError extends KitError {
  static readonly code = AdminPageErrorCodes.RateLimited
  override name = 'AdminRateLimitedError'
  constructor() {
    super('Rate Limited', { code: AdminRateLimitedError.code })
  }
}

/** A 5xx, an answer that is not the API's shape, or no answer at all (SPEC §8 'Server Error'). */
export class AdminServerError extends KitError {
  static readonly code = AdminPageErrorCodes.ServerError
  override name = 'AdminServerError'
  constructor({ status, cause }: { status?: number; cause?: unknown }) {
    super('Server Error', { code: AdminServerError.code, cause, details: status === undefined ? undefined : `HTTP status code: ${status}` })
  }
}

/** An allowed-origins entry the API would refuse (`isOriginEntry`), caught before any call. */
export class AdminOriginInvalidError extends KitError {
  static readonly code = AdminPageErrorCodes.OriginInvalid
  override name = 'AdminOriginInvalidError'
  /** What the operator typed. */
  readonly entry: string
  constructor({ entry }: { entry: string }) {
    super(entry.trim() === '*' ? WILDCARD_ORIGIN_REFUSED : `Not an origin: ${entry || '(empty)'}. Write https://shop.example or a pattern such as https://*.shop.example`, {
      code: AdminOriginInvalidError.code,
    })
    this.entry = entry
  }
}
