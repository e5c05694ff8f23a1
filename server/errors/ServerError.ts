import { KitError, type KitErrorParameters } from '../../kernel/index.js'
import type { ReplyCode, ServerErrorCode } from './codes.js'
import './codes.js'

/**
 * The root of the errors the reference backend throws. A route that throws one answers
 * `statusCode` with `{code: replyCode, message: shortMessage, ...body}` (the error handler plugin).
 * This is the backend's one way to refuse a request: routes throw, they never write an error reply.
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
  /** More fields for the body, beside `code` and `message` (the name routes add `reasons`). */
  readonly body: Record<string, unknown>
  /** A 500 whose sentence may be shown (a dev fault switch's); any other 500 answers 'Internal error'. */
  readonly exposeMessage: boolean

  constructor(
    shortMessage: string,
    parameters: KitErrorParameters & { code: ServerErrorCode; statusCode: number; replyCode: ReplyCode; body?: Record<string, unknown>; exposeMessage?: boolean },
  ) {
    super(shortMessage, parameters)
    this.statusCode = parameters.statusCode
    this.replyCode = parameters.replyCode
    this.body = parameters.body ?? {}
    this.exposeMessage = parameters.exposeMessage ?? false
  }
}
