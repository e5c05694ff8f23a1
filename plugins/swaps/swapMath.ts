import { formatLocale, formatMoneyText } from '../../ui-shell/plugin.js'

/** Decimals an amount shows in the swap views: enough for a small ETH output, short enough to read. */
export const SWAP_DISPLAY_DECIMALS = 6

/**
 * A decimal string floored to `SWAP_DISPLAY_DECIMALS`, trailing zeros dropped, written by `Intl`
 * in the kit's locale (its digits and separators): the visitor never reads more than the swap
 * gives. The floored string is formatted exactly (ES2023 Intl reads a numeric string as it is).
 *
 * @example formatSwapAmount('1234.003321987654') // '1,234.003321' in en, '1.234,003321' in de
 */
export function formatSwapAmount(decimal: string): string {
  // TypeScript's lib still types format()'s argument as a number.
  return new Intl.NumberFormat(formatLocale(), { maximumFractionDigits: SWAP_DISPLAY_DECIMALS }).format(floorSwapAmount(decimal) as unknown as number)
}

/** The same amount as a plain decimal ('1234.5'), the same in every locale: for analytics. */
export function floorSwapAmount(decimal: string): string {
  const [whole = '0', fraction = ''] = decimal.split('.')
  const kept = fraction.slice(0, SWAP_DISPLAY_DECIMALS).replace(/0+$/, '')
  return kept ? `${whole}.${kept}` : whole
}

/**
 * US dollars with 2 decimals (SPEC §5 fiat), in the visitor's locale; a positive value under a cent reads '<$0.01'.
 *
 * @example formatUsd(0.4567) // '$0.45'
 */
export function formatUsd(value: number): string {
  if (!Number.isFinite(value) || value < 0) return USD.format(0)
  if (value > 0 && value < 0.01) return `<${USD.format(0.01)}`
  return USD.format(Math.floor(value * 100) / 100)
}

/** Dollars in the kit's locale ('$1,234.50' in en-US); values come floored to the cent. */
const USD = { format: (value: number) => formatMoneyText(new Intl.NumberFormat(formatLocale(), { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }), value) }

/**
 * How much less the output is worth than the input at market prices, in percent (never below 0).
 *
 * @returns undefined when a price is missing or the input is worth nothing
 * @example priceImpactPercent({ fromAmount: '3000', fromPrice: 1, toAmount: '0.99', toPrice: 3000 }) // 1
 */
export function priceImpactPercent({ fromAmount, fromPrice, toAmount, toPrice }: { fromAmount: string; fromPrice: number | undefined; toAmount: string; toPrice: number | undefined }): number | undefined {
  if (fromPrice === undefined || toPrice === undefined) return undefined
  const fromUsd = Number(fromAmount) * fromPrice
  const toUsd = Number(toAmount) * toPrice
  if (!(fromUsd > 0) || !Number.isFinite(toUsd)) return undefined
  return Math.max(0, ((fromUsd - toUsd) / fromUsd) * 100)
}
