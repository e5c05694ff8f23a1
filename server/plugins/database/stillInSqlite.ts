/**
 * What still reads and writes the embedded SQLite file through raw better-sqlite3, even with
 * `--database postgres://…`: said at start and in the README, so an operator running several
 * instances on one Postgres knows these parts are per instance (per data folder) until they move.
 */
export const STILL_IN_SQLITE = [
  'the relay mailbox',
  'projects (admin API)',
  'analytics events',
  'wallet-session grants',
] as const

/** One start-up line for a backend whose storage layer is on Postgres. */
export function describeStorage({ dialect, location }: { dialect: 'sqlite' | 'postgres'; location: string }, sqliteFile: string): string[] {
  if (dialect === 'sqlite') return []
  return [
    `Database: ${location} (names, sign-in nonces and sessions, on-ramp orders, history index, leases, embedded-wallet accounts, keys, sessions and logins)`,
    `Still in the embedded SQLite file ${sqliteFile}: ${STILL_IN_SQLITE.join('; ')}`,
  ]
}
