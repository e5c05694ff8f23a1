/** A network an asset is sold on (SPEC §3), as `/v1/onramp/options` names it. */
export interface OnrampNetwork {
  name: string
  display_name: string
  chain_id: string
  contract_address: string
}

/** An asset the visitor can buy (SPEC §3). Fallback currencies list no networks. */
export interface PurchaseCurrency {
  id: string
  name: string
  symbol: string
  networks: OnrampNetwork[]
}

/** A payment method's limits, in the payment currency (decimal strings, SPEC §5). */
export interface PaymentMethodLimit {
  id: string
  min: string
  max: string
}

/** A fiat currency the visitor can pay with (SPEC §3). */
export interface PaymentCurrency {
  id: string
  payment_method_limits: PaymentMethodLimit[]
}

/** What `GET /v1/onramp/options` answers (SPEC §7). */
export interface OnrampOptions {
  paymentCurrencies: PaymentCurrency[]
  purchaseCurrencies: PurchaseCurrency[]
  /** The provider checkout origins the backend lists for the project; a checkout URL may open only there or on the backend itself. */
  checkoutOrigins: string[]
}

/** An amount with its currency, as quotes carry them. */
export interface OnrampAmount {
  amount: string
  currency: string
}

/** An on-ramp quote (SPEC §3); the provider fee is named as the provider names it. */
export interface OnrampQuote {
  purchaseAmount: OnrampAmount
  paymentTotal: OnrampAmount
  paymentSubtotal: OnrampAmount
  networkFee: OnrampAmount
  coinbaseFee: OnrampAmount
  quoteId: string
}

/** One on-ramp purchase of the history route with `onramp=` (SPEC §7). */
export interface OnrampPurchase {
  id: string
  status: string
  symbol: string
  amount: string
}
