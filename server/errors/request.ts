import { ServerErrorCodes } from './codes.js'
import { ServerError } from './ServerError.js'

/** A body that should be JSON and is not: 400 `INVALID_REQUEST`, like any other bad input. */
export class InvalidJsonBodyError extends ServerError {
  static readonly code = ServerErrorCodes.InvalidJsonBody
  override name = 'InvalidJsonBodyError'
  constructor({ cause }: { cause?: unknown } = {}) {
    super('body is not valid JSON', { code: InvalidJsonBodyError.code, statusCode: 400, replyCode: 'INVALID_REQUEST', cause })
  }
}
