import { isRtlLocale } from './rtlLocales.js'

/** First-strong isolate and its end (Unicode bidi): what they enclose is laid out as one unit. */
const ISOLATE = '\u2068'
const END_ISOLATE = '\u2069'

/**
 * Money as `format` writes it, with a currency unit of several characters kept whole in a
 * right-to-left locale. Arabic writes '‏10.00 US$'; in a right-to-left line the bidi algorithm
 * takes the trailing '$' away from 'US' and shows '$US 10.00'. Isolated, it reads 'US$ 10.00'.
 * Elsewhere the text is Intl's, unchanged.
 *
 * @example formatMoneyText(new Intl.NumberFormat('ar', { style: 'currency', currency: 'USD' }), 10) // '‏10.00 ⁨US$⁩'
 */
export function formatMoneyText(format: Intl.NumberFormat, value: number | string): string {
  // ES2023 Intl reads a numeric string exactly; TypeScript's lib here still types it as a number.
  const amount = value as number
  if (!isRtlLocale(format.resolvedOptions().locale)) return format.format(amount)
  return format
    .formatToParts(amount)
    .map((part) => (part.type === 'currency' && part.value.length > 1 ? `${ISOLATE}${part.value}${END_ISOLATE}` : part.value))
    .join('')
}
