/** The last second a JavaScript Date can hold (year 275760): later deadlines never come. */
const LAST_DATE_SECONDS = 8_640_000_000_000n

/**
 * A deadline or expiry in Unix seconds, as a card shows it: a UTC date and the number signed.
 *
 * @param seconds - the signed value
 * @returns e.g. '2030-01-01 00:00:00 UTC (1893456000)', or 'Never (…)' past any date
 *
 * @example
 * formatDeadline(1893456000n) // '2030-01-01 00:00:00 UTC (1893456000)'
 */
export function formatDeadline(seconds: bigint): string {
  if (seconds > LAST_DATE_SECONDS) return `Never (${seconds})`
  const date = new Date(Number(seconds) * 1000).toISOString().replace('T', ' ').replace(/\.000Z$/, ' UTC')
  return `${date} (${seconds})`
}
