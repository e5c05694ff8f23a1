/** SPEC §5 and §9: rates and fiat are divided at 20 decimal places, never as floats. */
export const DIVISION_PLACES = 20

/**
 * The quotient of two token amounts in their smallest units, as a decimal string floored at
 * `places` decimals: exact where a float keeps only about 16 significant digits (a rate of
 * 32,921,810,703.292181… tokens per ETH read as a float shows ….292179).
 *
 * @example divideUnits(2_500_000n, 6, 10n ** 18n, 18) // '2.5' (2.5 USDC per 1 ETH)
 */
export function divideUnits(numerator: bigint, numeratorDecimals: number, denominator: bigint, denominatorDecimals: number, places = DIVISION_PLACES): string {
  if (denominator === 0n) throw new RangeError('division by zero')
  // (n / 10^nd) / (d / 10^dd), scaled by 10^places before the one integer division.
  const scaled = (numerator * 10n ** BigInt(denominatorDecimals + places)) / (denominator * 10n ** BigInt(numeratorDecimals))
  const digits = scaled.toString().padStart(places + 1, '0')
  const whole = digits.slice(0, -places)
  const fraction = digits.slice(-places).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}
