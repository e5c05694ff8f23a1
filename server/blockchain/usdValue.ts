/** A USD value rounded to cents (SPEC §5: fiat 2 decimals), as a number. */
export function usdValue(numeric: string, price: number): number {
  return Math.round(Number(numeric) * price * 100) / 100
}
