import { ServerErrorCodes } from '../errors/codes.js'
import { ServerError } from '../errors/ServerError.js'

/** A user (or client IP) already running its share of calls on a chain node: 429 `NODE_BUSY`. */
export class NodeBusyError extends ServerError {
  static readonly code = ServerErrorCodes.NodeBusy
  override name = 'NodeBusyError'
  /** @param maxPerUser - the calls one user may have in flight */
  constructor({ maxPerUser }: { maxPerUser: number }) {
    super(`Too many calls in flight: at most ${maxPerUser} eth_call/eth_estimateGas at once, wait for one to end`, {
      code: NodeBusyError.code,
      statusCode: 429,
      replyCode: 'NODE_BUSY',
    })
  }
}
