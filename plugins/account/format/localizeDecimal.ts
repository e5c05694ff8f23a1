import { formatLocale } from '../../../ui-shell/i18n/activeLocale.js'
import { formatMoneyText } from '../../../ui-shell/i18n/formatMoneyText.js'

/**
 * An exact decimal string in the kit's locale (its digits too: Arabic-Indic in Arabic): digit groups and decimal sign from `Intl`, the
 * digits themselves untouched. The value is already floored to its places (never rounded up
 * here: Intl reads the string as an exact decimal, not a float, and is asked for no fewer places).
 *
 * @param text - a plain decimal ('1234.50'), as `formatScaled` writes it
 * @param currency - an ISO 4217 code to show as money ('USD' → '$1,234.50')
 * @example localizeDecimal('1234567.89') // '1,234,567.89' in en-US
 */
export function localizeDecimal(text: string, currency?: string): string {
  const places = text.split('.')[1]?.length ?? 0
  const options: Intl.NumberFormatOptions = { minimumFractionDigits: places, maximumFractionDigits: places, ...(currency ? { style: 'currency', currency } : {}) }
  return formatMoneyText(new Intl.NumberFormat(formatLocale(), options), text)
}
