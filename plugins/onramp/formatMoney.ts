import { formatLocale, formatMoneyText } from '../../ui-shell/plugin.js'

/**
 * A fiat amount as money in the visitor's locale, in its own currency: '€25.00', '£7,500.00',
 * '$10.00' (SPEC §9: 2 decimals, grouped). The amount is read as an exact decimal string, never
 * through a float; a code Intl does not know is written after the number instead.
 *
 * @param amount - a plain decimal ('7500', '25.5')
 * @param currency - an ISO 4217 code ('EUR')
 * @example formatMoney('7500', 'GBP') // '£7,500.00' in en-US
 */
export function formatMoney(amount: string | number, currency: string): string {
  const options: Intl.NumberFormatOptions = { minimumFractionDigits: 2, maximumFractionDigits: 2 }
  // ES2023 Intl reads a numeric string exactly; TypeScript's lib here still types it as a number.
  const value = String(amount) as unknown as number
  try {
    return formatMoneyText(new Intl.NumberFormat(formatLocale(), { ...options, style: 'currency', currency }), value)
  } catch {
    return `${new Intl.NumberFormat(formatLocale(), options).format(value)} ${currency}`
  }
}

/**
 * A token amount from a quote or a purchase ('24.125' USDC) in the visitor's locale: its digits
 * and separators, every decimal the provider gave kept (up to 18, '25.00' stays '25.00'), read
 * exactly as a string.
 *
 * @example formatQuantity('1234.5') // '1,234.5' in en, '1.234,5' in de
 */
export function formatQuantity(amount: string | number): string {
  const decimals = Math.min(String(amount).split('.')[1]?.length ?? 0, 18)
  return new Intl.NumberFormat(formatLocale(), { minimumFractionDigits: decimals, maximumFractionDigits: 18 }).format(String(amount) as unknown as number)
}
