import type { OnrampOptions, OnrampQuote, PaymentMethodLimit } from './onrampTypes.js'
import type { QuoteRequest } from './onrampService.js'

/** SPEC §5's fallback limits: card 10.00–7,500.00; bank transfer 10.00–25,000.00. */
export const FALLBACK_LIMITS: PaymentMethodLimit[] = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
]

/**
 * SPEC §8/§9: what the kit offers when `/v1/onramp/options` fails: pay in USD or EUR, buy USDC
 * or ETH. They name no networks: the active network's provider name is used.
 */
export const FALLBACK_OPTIONS: OnrampOptions = {
  // No provider is known: a checkout may open only on the backend itself.
  checkoutOrigins: [],
  paymentCurrencies: [
    { id: 'USD', payment_method_limits: FALLBACK_LIMITS },
    { id: 'EUR', payment_method_limits: FALLBACK_LIMITS },
  ],
  purchaseCurrencies: [
    { id: 'USDC', name: 'USD Coin', symbol: 'USDC', networks: [] },
    { id: 'ETH', name: 'Ether', symbol: 'ETH', networks: [] },
  ],
}

/** SPEC §8: the quote id of the quote given when the service's quote fails. */
export const MOCK_QUOTE_ID = 'mocked-quote-id'

/**
 * SPEC §8: the quote shown when `/v1/onramp/quote` fails. It knows no price and no fee: it
 * states what the visitor pays, and the checkout states what that buys.
 *
 * @example
 * mockQuote({ purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '25', network: 'base' }).quoteId // 'mocked-quote-id'
 */
export function mockQuote({ paymentCurrency, amount }: QuoteRequest): OnrampQuote {
  const total = { amount: Number(amount).toFixed(2), currency: paymentCurrency }
  const none = { amount: '0.00', currency: paymentCurrency }
  return { purchaseAmount: total, paymentTotal: total, paymentSubtotal: total, networkFee: none, coinbaseFee: none, quoteId: MOCK_QUOTE_ID }
}
