import { InvalidDecimalError } from '../errors/account.js'

/**
 * Decimal strings as scaled bigints, so amounts never go through floating point. A value is
 * `units / 10^scale`.
 */
export interface ScaledDecimal {
  units: bigint
  scale: number
}

const DECIMAL = /^(-)?(\d*)(?:\.(\d*))?$/

/**
 * Parses a plain decimal string ('12.5', '-0.001', '3'); exponents are expanded. Anything else
 * throws InvalidDecimalError, so a corrupt server value never turns into a number silently.
 *
 * @param value - a decimal string, or a finite number (converted through its shortest string)
 * @returns the value as scaled units
 * @example parseDecimal('1.25') // { units: 125n, scale: 2 }
 */
export function parseDecimal(value: string | number): ScaledDecimal {
  const text = typeof value === 'number' ? numberToPlain(value) : value.trim()
  const match = DECIMAL.exec(text)
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) throw new InvalidDecimalError({ value })
  const fraction = match[3] ?? ''
  const units = BigInt((match[2] || '0') + fraction)
  return { units: match[1] ? -units : units, scale: fraction.length }
}

/** Writes a finite number without an exponent ('1e-7' → '0.0000001'). */
function numberToPlain(value: number): string {
  if (!Number.isFinite(value)) throw new InvalidDecimalError({ value })
  const text = String(value)
  if (!/e/i.test(text)) return text
  const [mantissa, exponentText] = text.toLowerCase().split('e') as [string, string]
  const exponent = Number(exponentText)
  const negative = mantissa.startsWith('-')
  const [int, frac = ''] = mantissa.replace('-', '').split('.') as [string, string?]
  const digits = int + frac
  const point = int.length + exponent
  const plain =
    point <= 0 ? `0.${'0'.repeat(-point)}${digits}` : point >= digits.length ? digits + '0'.repeat(point - digits.length) : `${digits.slice(0, point)}.${digits.slice(point)}`
  return negative ? `-${plain}` : plain
}

/**
 * Multiplies two decimals exactly.
 *
 * @example multiplyDecimals(parseDecimal('1.5'), parseDecimal('2.25')) // 3.375
 */
export function multiplyDecimals(a: ScaledDecimal, b: ScaledDecimal): ScaledDecimal {
  return { units: a.units * b.units, scale: a.scale + b.scale }
}

/**
 * Cuts a decimal to `places` digits, rounding toward negative infinity (a floor), so a shown
 * balance is never more than the account holds.
 *
 * @example formatScaled(floorDecimal(parseDecimal('1.23456'), 3)) // '1.234'
 */
export function floorDecimal(value: ScaledDecimal, places: number): ScaledDecimal {
  if (value.scale <= places) return { units: value.units * 10n ** BigInt(places - value.scale), scale: places }
  const divisor = 10n ** BigInt(value.scale - places)
  let units = value.units / divisor
  if (value.units < 0n && units * divisor !== value.units) units -= 1n
  return { units, scale: places }
}

/**
 * Writes a decimal with exactly its scale's digits ('1.500' for 1500 at scale 3).
 *
 * @example formatScaled({ units: 1500n, scale: 3 }) // '1.500'
 */
export function formatScaled({ units, scale }: ScaledDecimal): string {
  const negative = units < 0n
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0')
  const int = digits.slice(0, digits.length - scale)
  const text = scale > 0 ? `${int}.${digits.slice(-scale)}` : int
  return negative && /[1-9]/.test(text) ? `-${text}` : text
}

/**
 * A token quantity in base units as a decimal string ('1500000' at 6 decimals → '1.5').
 *
 * @example unitsToDecimal(1500000n, 6) // '1.500000'
 */
export function unitsToDecimal(units: bigint, decimals: number): string {
  return formatScaled({ units, scale: decimals })
}
