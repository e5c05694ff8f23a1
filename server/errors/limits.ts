import { ServerErrorCodes } from './codes.js'
import { ServerError } from './ServerError.js'

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

/** A user whose gas sponsorship for the day is used up: 429 `SPONSORSHIP_QUOTA_EXCEEDED`. */
export class SponsorshipQuotaExceededError extends ServerError {
  static readonly code = ServerErrorCodes.SponsorshipQuotaExceeded
  override name = 'SponsorshipQuotaExceededError'
  /** @param perDay - the sponsored operations one user gets a day */
  constructor({ perDay }: { perDay: number }) {
    super(`Sponsored transactions used up: ${perDay} a day per account, try again tomorrow`, {
      code: SponsorshipQuotaExceededError.code,
      statusCode: 429,
      replyCode: 'SPONSORSHIP_QUOTA_EXCEEDED',
    })
  }
}

/** A UserOperation the sponsorship policy will not pay for: the bundler estimates more gas than the policy's limits. 403 `SPONSORSHIP_REFUSED`. */
export class SponsorshipRefusedError extends ServerError {
  static readonly code = ServerErrorCodes.SponsorshipRefused
  override name = 'SponsorshipRefusedError'
  /** @param limit - which gas limit the estimate passed, e.g. 'callGasLimit' */
  constructor({ limit }: { limit: string }) {
    super(`This transaction needs more gas than sponsored transactions may use (${limit})`, { code: SponsorshipRefusedError.code, statusCode: 403, replyCode: 'SPONSORSHIP_REFUSED' })
  }
}

/** The external ERC-4337 bundler refused or failed a UserOperation: 502 `BUNDLER_FAILED` (its answer is logged, not sent). */
export class BundlerFailedError extends ServerError {
  static readonly code = ServerErrorCodes.BundlerFailed
  override name = 'BundlerFailedError'
  constructor({ cause }: { cause?: unknown } = {}) {
    super('The bundler did not take the transaction', { code: BundlerFailedError.code, statusCode: 502, replyCode: 'BUNDLER_FAILED', cause })
  }
}
