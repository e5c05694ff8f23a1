import { ServerErrorCodes } from '../errors/codes.js'
import { ServerError } from '../errors/ServerError.js'

/** An admin API call without the bearer token, or with a wrong one: 401 `UNAUTHORIZED`. */
export class AdminUnauthorizedError extends ServerError {
  static readonly code = ServerErrorCodes.AdminUnauthorized
  override name = 'AdminUnauthorizedError'
  constructor() {
    super('Admin token missing or wrong', { code: AdminUnauthorizedError.code, statusCode: 401, replyCode: 'UNAUTHORIZED' })
  }
}

/** An `--admin-token` too short to resist guessing. */
export class AdminTokenTooShortError extends ServerError {
  static readonly code = ServerErrorCodes.AdminTokenTooShort
  override name = 'AdminTokenTooShortError'
  /** @param minLength - the shortest token accepted */
  constructor({ minLength }: { minLength: number }) {
    super(`The admin token must have at least ${minLength} characters`, { code: AdminTokenTooShortError.code, statusCode: 500, replyCode: 'INTERNAL' })
  }
}
