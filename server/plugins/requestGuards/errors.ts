import { ServerErrorCodes } from '../../errors/codes.js'
import { ServerError } from '../../errors/ServerError.js'

/** A body that should be JSON and is not: 400 `INVALID_REQUEST`, like any other bad input. */
export class InvalidJsonBodyError extends ServerError {
  static readonly code = ServerErrorCodes.InvalidJsonBody
  override name = 'InvalidJsonBodyError'
  constructor({ cause }: { cause?: unknown } = {}) {
    super('body is not valid JSON', { code: InvalidJsonBodyError.code, statusCode: 400, replyCode: 'INVALID_REQUEST', cause })
  }
}

/** A `projectId` the backend does not hold: 403 `INVALID_PROJECT_ID`, the kit's alert 'Invalid Project ID' (SPEC §8). */
export class InvalidProjectIdError extends ServerError {
  static readonly code = ServerErrorCodes.InvalidProjectId
  override name = 'InvalidProjectIdError'
  constructor() {
    super('Invalid Project ID', { code: InvalidProjectIdError.code, statusCode: 403, replyCode: 'INVALID_PROJECT_ID' })
  }
}

/** A client past the rate limit: 429 `RATE_LIMITED` (SPEC §8/§9), with `retry-after` set by the caller. */
export class RateLimitedError extends ServerError {
  static readonly code = ServerErrorCodes.RateLimited
  override name = 'RateLimitedError'
  constructor() {
    super('Rate limited', { code: RateLimitedError.code, statusCode: 429, replyCode: 'RATE_LIMITED' })
  }
}

/** A method and path no route answers: 404 `NOT_FOUND`. */
export class RouteNotFoundError extends ServerError {
  static readonly code = ServerErrorCodes.RouteNotFound
  override name = 'RouteNotFoundError'
  /** @param method - e.g. `GET`; @param path - the URL's path, cut to 200 characters */
  constructor({ method, path }: { method: string; path: string }) {
    super(`Route ${method} ${path.slice(0, 200)} not found`, { code: RouteNotFoundError.code, statusCode: 404, replyCode: 'NOT_FOUND' })
  }
}

/** A client holding too many open config streams (or the server in all): 429 `TOO_MANY_STREAMS`. */
export class TooManyStreamsError extends ServerError {
  static readonly code = ServerErrorCodes.TooManyStreams
  override name = 'TooManyStreamsError'
  constructor() {
    super('Too many open config streams', { code: TooManyStreamsError.code, statusCode: 429, replyCode: 'TOO_MANY_STREAMS' })
  }
}

/**
 * A field that passed the schema but not the route's own check: 400 `INVALID_REQUEST`, the
 * sentence naming the field as a schema error does ("amount must be between 0 and 10000").
 */
export class InvalidFieldError extends ServerError {
  static readonly code = ServerErrorCodes.InvalidField
  override name = 'InvalidFieldError'
  /** @param field - its path, e.g. `params/address`; @param problem - what is wrong, e.g. 'must be an EVM or Solana address' */
  constructor({ field, problem }: { field: string; problem: string }) {
    super(`${field} ${problem}`, { code: InvalidFieldError.code, statusCode: 400, replyCode: 'INVALID_REQUEST' })
  }
}

/**
 * A page whose origin no entry of the project's allow-list matches: 403 `ORIGIN_NOT_ALLOWED`.
 * On analytics this is what AppKit and the kit show as 'Invalid App Configuration' (SPEC §8).
 */
export class OriginNotAllowedError extends ServerError {
  static readonly code = ServerErrorCodes.OriginNotAllowed
  override name = 'OriginNotAllowedError'
  constructor() {
    super('Origin not allowed', { code: OriginNotAllowedError.code, statusCode: 403, replyCode: 'ORIGIN_NOT_ALLOWED' })
  }
}
