/**
 * The start-up line about storage. On the embedded default it says nothing (`npm start` prints
 * what it printed before); on Postgres it names the database, password hidden: every table is
 * there, so several instances on it share everything.
 */
export function describeStorage({ dialect, location }: { dialect: 'sqlite' | 'postgres'; location: string }): string[] {
  if (dialect === 'sqlite') return []
  return [`Database: ${location} (every table: several instances may share it)`]
}
