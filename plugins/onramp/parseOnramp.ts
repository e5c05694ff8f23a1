import * as v from 'valibot'
import type { OnrampOptions, OnrampPurchase, OnrampQuote } from './onrampTypes.js'

// Every value the service sends is checked here: the views render only what passed, as text.
const Text = v.pipe(v.string(), v.maxLength(128))
const Decimal = v.pipe(v.string(), v.regex(/^\d{1,12}(\.\d{1,18})?$/))

/** An http(s) origin exactly (`https://buy.example`), nothing after it. */
const Origin = v.pipe(
  v.string(),
  v.maxLength(256),
  v.check((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol) && new URL(value).origin === value),
)

const Options = v.object({
  checkoutOrigins: v.optional(v.array(Origin), []),
  paymentCurrencies: v.array(
    v.object({ id: Text, payment_method_limits: v.array(v.object({ id: Text, min: Decimal, max: Decimal })) }),
  ),
  purchaseCurrencies: v.array(
    v.object({
      id: Text,
      name: Text,
      symbol: Text,
      networks: v.array(v.object({ name: Text, display_name: Text, chain_id: Text, contract_address: v.pipe(v.string(), v.maxLength(64)) })),
    }),
  ),
})

const Amount = v.object({ amount: Decimal, currency: Text })
const Quote = v.object({
  purchaseAmount: Amount,
  paymentTotal: Amount,
  paymentSubtotal: Amount,
  networkFee: Amount,
  coinbaseFee: Amount,
  quoteId: Text,
})

/** The options, or `undefined` for anything else (extra fields are dropped). */
export function parseOnrampOptions(body: unknown): OnrampOptions | undefined {
  const result = v.safeParse(Options, body)
  return result.success && result.output.paymentCurrencies.length > 0 && result.output.purchaseCurrencies.length > 0 ? result.output : undefined
}

/** The quote, or `undefined` for anything else. */
export function parseOnrampQuote(body: unknown): OnrampQuote | undefined {
  const result = v.safeParse(Quote, body)
  return result.success ? result.output : undefined
}

const HistoryEntry = v.object({
  id: Text,
  metadata: v.object({ status: v.optional(Text, '') }),
  transfers: v.array(
    v.object({
      fungible_info: v.optional(v.object({ symbol: v.optional(Text, '') }), {}),
      quantity: v.optional(v.object({ numeric: v.optional(Text, '') }), {}),
    }),
  ),
})

/** The purchases of an `onramp=` history answer; malformed entries are skipped. */
export function parseOnrampPurchases(body: unknown): OnrampPurchase[] {
  const data = (body as { data?: unknown } | null)?.data
  if (!Array.isArray(data)) return []
  return data.flatMap((entry) => {
    const result = v.safeParse(HistoryEntry, entry)
    if (!result.success) return []
    const transfer = result.output.transfers[0]
    return [{ id: result.output.id, status: result.output.metadata.status, symbol: transfer?.fungible_info.symbol ?? '', amount: transfer?.quantity.numeric ?? '' }]
  })
}
