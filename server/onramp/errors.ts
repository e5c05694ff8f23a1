import { ServerErrorCodes } from '../errors/codes.js'
import { ServerError } from '../errors/ServerError.js'

/** A checkout id no order has: 404 `ORDER_NOT_FOUND`. */
export class OnrampOrderNotFoundError extends ServerError {
  static readonly code = ServerErrorCodes.OnrampOrderNotFound
  override name = 'OnrampOrderNotFoundError'
  constructor() {
    super('Checkout not found', { code: OnrampOrderNotFoundError.code, statusCode: 404, replyCode: 'ORDER_NOT_FOUND' })
  }
}

/** Pay pressed on an order another claim holds or already paid (a double click, a second instance): 409 `ORDER_ALREADY_PAID`. */
export class OnrampOrderAlreadyPaidError extends ServerError {
  static readonly code = ServerErrorCodes.OnrampOrderAlreadyPaid
  override name = 'OnrampOrderAlreadyPaidError'
  constructor() {
    super('This checkout is already paid', { code: OnrampOrderAlreadyPaidError.code, statusCode: 409, replyCode: 'ORDER_ALREADY_PAID' })
  }
}

/** A quote for an asset the chosen network does not sell: 400 `UNSUPPORTED_PURCHASE`. */
export class OnrampPurchaseUnsupportedError extends ServerError {
  static readonly code = ServerErrorCodes.OnrampPurchaseUnsupported
  override name = 'OnrampPurchaseUnsupportedError'
  constructor() {
    super('purchaseCurrency is not sold on network', { code: OnrampPurchaseUnsupportedError.code, statusCode: 400, replyCode: 'UNSUPPORTED_PURCHASE' })
  }
}

/** A quote in a currency other than USD, EUR or GBP: 400 `UNSUPPORTED_PAYMENT`. */
export class OnrampPaymentUnsupportedError extends ServerError {
  static readonly code = ServerErrorCodes.OnrampPaymentUnsupported
  override name = 'OnrampPaymentUnsupportedError'
  constructor() {
    super('paymentCurrency must be USD, EUR or GBP', { code: OnrampPaymentUnsupportedError.code, statusCode: 400, replyCode: 'UNSUPPORTED_PAYMENT' })
  }
}

/** An on-ramp URL for a network this on-ramp does not serve: 400 `UNSUPPORTED_NETWORK`. */
export class OnrampNetworkUnsupportedError extends ServerError {
  static readonly code = ServerErrorCodes.OnrampNetworkUnsupported
  override name = 'OnrampNetworkUnsupportedError'
  constructor() {
    super('defaultNetwork is not a network this on-ramp serves', { code: OnrampNetworkUnsupportedError.code, statusCode: 400, replyCode: 'UNSUPPORTED_NETWORK' })
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
