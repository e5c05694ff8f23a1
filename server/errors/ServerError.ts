import { KitError, type KitErrorParameters } from '../../kernel/index.js'
import type { ServerErrorCode } from './codes.js'
import type { ReplyCode } from './replyCodes.js'
import './codes.js'

/**
 * The root of the errors the reference backend throws. A route that throws one answers
 * `statusCode` with `{code: replyCode, message: shortMessage}` (createServer's error handler).
 *
 * @example
 * class NoPoolError extends ServerError {
 *   constructor() { super('to has no pool with from', { code: ServerErrorCodes.InvalidSwap, statusCode: 400, replyCode: 'INVALID_SWAP' }) }
 * }
 */
export class ServerError extends KitError {
  override name = 'ServerError'
  /** The HTTP status a route answers with. */
  readonly statusCode: number
  /** The `code` sent to clients: stable, documented in server/README.md. */
  readonly replyCode: ReplyCode

  constructor(shortMessage: string, parameters: KitErrorParameters & { code: ServerErrorCode; statusCode: number; replyCode: ReplyCode }) {
    super(shortMessage, parameters)
    this.statusCode = parameters.statusCode
    this.replyCode = parameters.replyCode
  }
}
