import { ServerErrorCodes } from '../errors/codes.js'
import { ServerError } from '../errors/ServerError.js'

/** A swap request the caller got wrong (unknown token, no pool, bad amount): a 400 naming the field. */
export class SwapInputError extends ServerError {
  static readonly code = ServerErrorCodes.InvalidSwap
  override name = 'SwapInputError'
  /** @param reason - the sentence shown, naming the field, e.g. 'to has no pool with from' */
  constructor(reason: string) {
    super(reason, { code: SwapInputError.code, statusCode: 400, replyCode: 'INVALID_SWAP' })
  }
}
