/**
 * Rounds down to `places` decimals, after dropping float noise (1.2e-7 * 1e8 is
 * 11.999999999999998, which must count as 12).
 *
 * @example
 * roundDownTo(1.23456789, 6) // 1.234567
 */
export function roundDownTo(value: number, places: number): number {
  return Math.floor(Number((value * 10 ** places).toPrecision(12))) / 10 ** places
}

/**
 * An amount as plain decimals: `String(1.2e-7)` is "1.2e-7", which viem's parseEther and
 * parseUnits refuse. Trailing zeros are dropped.
 *
 * @example
 * formatOnrampAmount(1.2e-7, 8) // "0.00000012"
 * formatOnrampAmount(25, 6) // "25"
 */
export function formatOnrampAmount(value: number, places: number): string {
  return value.toFixed(places).replace(/\.?0+$/, '')
}
