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

/** A webhook or checkout URL whose HMAC does not match its body or query (forged, or signed with another key): 401 `SIGNATURE_INVALID`. */
export class OnrampWebhookSignatureInvalidError extends ServerError {
  static readonly code = ServerErrorCodes.OnrampWebhookSignatureInvalid
  override name = 'OnrampWebhookSignatureInvalidError'
  constructor() {
    super('The on-ramp webhook signature does not match its body', { code: OnrampWebhookSignatureInvalidError.code, statusCode: 401, replyCode: 'SIGNATURE_INVALID' })
  }
}

/** A signed webhook whose timestamp is outside the replay window: 401 `SIGNATURE_STALE`. */
export class OnrampWebhookStaleError extends ServerError {
  static readonly code = ServerErrorCodes.OnrampWebhookStale
  override name = 'OnrampWebhookStaleError'
  constructor({ toleranceSeconds }: { toleranceSeconds: number }) {
    super(`The on-ramp webhook was signed more than ${toleranceSeconds} seconds from now`, { code: OnrampWebhookStaleError.code, statusCode: 401, replyCode: 'SIGNATURE_STALE' })
  }
}

/** A signed webhook event already received (same event id): 409 `SIGNATURE_REPLAYED`. */
export class OnrampWebhookReplayedError extends ServerError {
  static readonly code = ServerErrorCodes.OnrampWebhookReplayed
  override name = 'OnrampWebhookReplayedError'
  constructor() {
    super('This on-ramp webhook event was already received', { code: OnrampWebhookReplayedError.code, statusCode: 409, replyCode: 'SIGNATURE_REPLAYED' })
  }
}

/** A signed webhook whose wallet, asset, amount or network differ from the order it names: 422 `ORDER_MISMATCH`. */
export class OnrampWebhookMismatchError extends ServerError {
  static readonly code = ServerErrorCodes.OnrampWebhookMismatch
  override name = 'OnrampWebhookMismatchError'
  constructor({ field }: { field: string }) {
    super(`The on-ramp webhook's ${field} differs from the order's`, { code: OnrampWebhookMismatchError.code, statusCode: 422, replyCode: 'ORDER_MISMATCH' })
  }
}

/** A webhook for a provider id this backend has not configured: 404 `UNKNOWN_PROVIDER`. */
export class OnrampProviderUnknownError extends ServerError {
  static readonly code = ServerErrorCodes.OnrampProviderUnknown
  override name = 'OnrampProviderUnknownError'
  constructor() {
    super('No on-ramp provider of this id is configured', { code: OnrampProviderUnknownError.code, statusCode: 404, replyCode: 'UNKNOWN_PROVIDER' })
  }
}

/** A checkout URL whose signature does not match its query (the test checkout, as a provider checks its widget URL): 401 `SIGNATURE_INVALID`. */
export class OnrampCheckoutSignatureInvalidError extends ServerError {
  static readonly code = ServerErrorCodes.OnrampCheckoutSignatureInvalid
  override name = 'OnrampCheckoutSignatureInvalidError'
  constructor() {
    super('The checkout URL signature does not match its query', { code: OnrampCheckoutSignatureInvalidError.code, statusCode: 401, replyCode: 'SIGNATURE_INVALID' })
  }
}
