/** Every error code the account plugin throws (SPEC §8's balance and send errors). Never reused or renamed. */
export const AccountErrorCodes = {
  TokenBalanceUnavailable: 'KIT_ACCOUNT_TOKEN_BALANCE_UNAVAILABLE',
  InvalidDecimal: 'KIT_ACCOUNT_INVALID_DECIMAL',
  SendAmountAndReceiverRequired: 'KIT_SEND_AMOUNT_RECEIVER_REQUIRED',
  SendTokenRequired: 'KIT_SEND_TOKEN_REQUIRED',
  SendNameResolution: 'KIT_SEND_NAME_RESOLUTION',
} as const

declare module '../../../kernel/errors/codes.js' {
  interface ErrorCodeMap {
    account: (typeof AccountErrorCodes)[keyof typeof AccountErrorCodes]
  }
}
