import { ServerErrorCodes } from '../errors/codes.js'
import { ServerError } from '../errors/ServerError.js'

/** A local hardhat node that did not start: it exited, failed to listen, or never answered. */
export class HardhatNodeStartError extends ServerError {
  static readonly code = ServerErrorCodes.NodeStartFailed
  override name = 'HardhatNodeStartError'
  /**
   * @param chainId - the chain the node was for
   * @param reason - what happened, e.g. `listen EADDRINUSE: address already in use 127.0.0.1:8545`
   */
  constructor({ chainId, reason }: { chainId: number; reason: string }) {
    super(`hardhat node for chain ${chainId} failed: ${reason}`, { code: HardhatNodeStartError.code, statusCode: 500, replyCode: 'INTERNAL' })
  }
}
