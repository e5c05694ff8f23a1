import { ServerErrorCodes } from './codes.js'
import { ServerError } from './ServerError.js'

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

/** An on-ramp order the faucet could not deliver on the local chain. */
export class OnrampPaymentError extends ServerError {
  static readonly code = ServerErrorCodes.OnrampPaymentFailed
  override name = 'OnrampPaymentError'
  /** @param reason - what failed, e.g. 'Airdrop failed' or 'payment 0x… reverted'; the checkout's answer names none (the cause is logged) */
  constructor({ reason, cause }: { reason?: string; cause?: unknown }) {
    const sentence = 'The payment could not be sent on the local chain'
    super(reason ? `${sentence}: ${reason}` : sentence, { code: OnrampPaymentError.code, statusCode: 502, replyCode: 'PAYMENT_FAILED', cause })
  }
}
