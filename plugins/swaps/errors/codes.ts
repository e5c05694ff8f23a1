/** Every error code the swaps plugin throws (SPEC §8's swap errors). Never reused or renamed. */
export const SwapErrorCodes = {
  NetworkNotSupported: 'KIT_SWAP_NETWORK_NOT_SUPPORTED',
  GasPriceNotSupported: 'KIT_SWAP_GAS_PRICE_NOT_SUPPORTED',
  InsufficientBalance: 'KIT_SWAP_INSUFFICIENT_BALANCE',
  InsufficientLiquidity: 'KIT_SWAP_INSUFFICIENT_LIQUIDITY',
  TransactionReverted: 'KIT_SWAP_TRANSACTION_REVERTED',
  NoTransaction: 'KIT_SWAP_NO_TRANSACTION',
} as const

declare module '../../../kernel/errors/codes.js' {
  interface ErrorCodeMap {
    swaps: (typeof SwapErrorCodes)[keyof typeof SwapErrorCodes]
  }
}
