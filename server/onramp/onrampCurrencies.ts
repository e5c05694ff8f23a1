/** The local on-ramp's currency tables (fixed: it has no market). */

/** USD per unit of each payment currency. */
export const FIAT_IN_USD: Record<string, number> = { USD: 1, EUR: 1.08, GBP: 1.27 }

/** SPEC §9 fallback limits: card 10-7,500; bank transfer 10-25,000. */
export const PAYMENT_METHOD_LIMITS = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
]

/** The most one order may be worth, in USD (the bank-transfer limit). */
export const MAX_FIAT = 25_000

/** Decimal places an order of each asset is rounded down to; the smallest unit sold is 10^-places. */
export const ASSET_DECIMALS: Record<string, number> = { ETH: 8, USDC: 6, SOL: 6 }

/** The assets sold, and their display names. */
export const PURCHASE_CURRENCIES: Record<string, string> = { ETH: 'Ether', USDC: 'Latch USD', SOL: 'Solana' }
