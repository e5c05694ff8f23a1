/** Every error code the onramp plugin throws. Never reused or renamed. */
export const OnrampErrorCodes = {
  InvalidOptions: 'KIT_ONRAMP_INVALID_OPTIONS',
  InvalidQuote: 'KIT_ONRAMP_INVALID_QUOTE',
  CheckoutUrlRefused: 'KIT_ONRAMP_CHECKOUT_URL_REFUSED',
} as const

declare module '../../../kernel/errors/codes.js' {
  interface ErrorCodeMap {
    onramp: (typeof OnrampErrorCodes)[keyof typeof OnrampErrorCodes]
  }
}
