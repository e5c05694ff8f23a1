import { KitError } from '../../kernel/errors/base.js'
import { ShellErrorCodes as ErrorCodes } from './codes.js'

type StatusCode = typeof ErrorCodes.HttpStatus | typeof ErrorCodes.HttpRateLimited | typeof ErrorCodes.HttpServerError

/** A service answered with a status outside 2xx: 'HTTP status code: N' (SPEC §8). */
export class HttpStatusError extends KitError {
  static readonly code: StatusCode = ErrorCodes.HttpStatus
  override name = 'HttpStatusError'
  readonly status: number
  readonly url: string
  constructor({ status, url, code = HttpStatusError.code }: { status: number; url: string; code?: StatusCode }) {
    super(`HTTP status code: ${status}`, { code, details: url })
    this.status = status
    this.url = url
  }
}

/** 429: the service is rate limiting this project (SPEC §8 RATE_LIMITED). */
export class RateLimitedError extends HttpStatusError {
  static override readonly code = ErrorCodes.HttpRateLimited
  override name = 'RateLimitedError'
  constructor({ url }: { url: string }) {
    super({ status: 429, url, code: RateLimitedError.code })
  }
}

/** 500-599: the service failed (SPEC §8 SERVER_ERROR). */
export class ServerError extends HttpStatusError {
  static override readonly code = ErrorCodes.HttpServerError
  override name = 'ServerError'
  constructor({ status, url }: { status: number; url: string }) {
    super({ status, url, code: ServerError.code })
  }
}

/** The service did not answer in time. */
export class HttpTimeoutError extends KitError {
  static readonly code = ErrorCodes.HttpTimeout
  override name = 'HttpTimeoutError'
  constructor({ url, timeoutMs }: { url: string; timeoutMs: number }) {
    super(`The request timed out after ${timeoutMs} ms.`, { code: HttpTimeoutError.code, details: url })
  }
}

/** The caller aborted the request: 'Request was aborted' (SPEC §8). */
export class HttpAbortedError extends KitError {
  static readonly code = ErrorCodes.HttpAborted
  override name = 'HttpAbortedError'
  constructor({ url }: { url: string }) {
    super('Request was aborted', { code: HttpAbortedError.code, details: url })
  }
}

/** The request never reached the service (offline, DNS, CORS). */
export class HttpNetworkError extends KitError {
  static readonly code = ErrorCodes.HttpNetwork
  override name = 'HttpNetworkError'
  constructor({ url, cause }: { url: string; cause: unknown }) {
    super('Network error', { code: HttpNetworkError.code, cause, details: url })
  }
}

/** A service was called whose base URL the host did not configure. */
export class HttpNotConfiguredError extends KitError {
  static readonly code = ErrorCodes.HttpNotConfigured
  override name = 'HttpNotConfiguredError'
  constructor({ service }: { service: string }) {
    super(`The ${service} service URL is not configured.`, { code: HttpNotConfiguredError.code })
  }
}
