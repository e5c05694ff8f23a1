/** One of SPEC §1's two on-ramp provider kinds: how the visitor pays, which sets the limits. */
export interface OnrampProvider {
  id: string
  /** Its name and description as message keys of the plugin's catalogue ('onramp.provider.card'). */
  name: string
  description: string
  /** The payment method whose limits apply (`payment_method_limits[].id`). */
  method: string
}

/** SPEC §1: the fee range shown for every on-ramp provider. */
export const ONRAMP_FEE_RANGE = '1-2%'

/** SPEC §1's two provider kinds; both open the provider's checkout, paid by card or by bank. */
export const ONRAMP_PROVIDERS: readonly OnrampProvider[] = [
  { id: 'card', name: 'onramp.provider.card', description: 'onramp.provider.cardHint', method: 'card' },
  { id: 'bank', name: 'onramp.provider.bank', description: 'onramp.provider.bankHint', method: 'ach_bank_account' },
]
