/** Every error code the names plugin throws (SPEC §5's registration rules, §8's name errors). Never reused or renamed. */
export const NamesErrorCodes = {
  NetworkNotFound: 'KIT_NAMES_NETWORK_NOT_FOUND',
  AuthAddressNotFound: 'KIT_NAMES_AUTH_ADDRESS_NOT_FOUND',
  InvalidChainId: 'KIT_NAMES_INVALID_CHAIN_ID',
  InvalidName: 'KIT_NAMES_INVALID_NAME',
  Registration: 'KIT_NAMES_REGISTRATION',
  Suggestions: 'KIT_NAMES_SUGGESTIONS',
  AccountNames: 'KIT_NAMES_ACCOUNT_NAMES',
} as const

declare module '../../../kernel/errors/codes.js' {
  interface ErrorCodeMap {
    names: (typeof NamesErrorCodes)[keyof typeof NamesErrorCodes]
  }
}
