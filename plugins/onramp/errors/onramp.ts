import { KitError } from '../../../kernel/index.js'
import { OnrampErrorCodes } from './codes.js'

/** `/v1/onramp/options` answered something that is not a list of currencies. */
export class InvalidOnrampOptionsError extends KitError {
  static readonly code = OnrampErrorCodes.InvalidOptions
  override name = 'InvalidOnrampOptionsError'
  constructor() {
    super('The on-ramp options could not be read', { code: InvalidOnrampOptionsError.code })
  }
}

/** `/v1/onramp/quote` answered something that is not a quote. */
export class InvalidOnrampQuoteError extends KitError {
  static readonly code = OnrampErrorCodes.InvalidQuote
  override name = 'InvalidOnrampQuoteError'
  constructor() {
    super('The on-ramp quote could not be read', { code: InvalidOnrampQuoteError.code })
  }
}

/**
 * The checkout URL the service gave is not an http(s) page of the configured backend: the kit
 * never opens a host the page did not configure.
 */
export class OnrampCheckoutUrlRefusedError extends KitError {
  static readonly code = OnrampErrorCodes.CheckoutUrlRefused
  override name = 'OnrampCheckoutUrlRefusedError'
  constructor({ url }: { url: string }) {
    super('The checkout could not be opened', { code: OnrampCheckoutUrlRefusedError.code, details: url.slice(0, 120) })
  }
}
