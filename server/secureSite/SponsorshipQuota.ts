import type { LatchDatabase } from '../plugins/database/openDatabase.js'
import { SponsorshipQuotaExceededError } from '../errors/limits.js'

/** UserOperations the bundler pays for one user in a UTC day, by default. */
export const DEFAULT_SPONSORED_OPERATIONS_PER_DAY = 50

const DAY_MS = 24 * 3600 * 1000

/**
 * Counts the UserOperations the secure site's bundler sponsors per user and UTC day: its key
 * pays every operation's gas, so without a quota one account could drain it for everyone.
 */
export class SponsorshipQuota {
  readonly #take
  readonly #prune

  constructor(
    db: LatchDatabase,
    readonly perDay = DEFAULT_SPONSORED_OPERATIONS_PER_DAY,
    private readonly now: () => number = Date.now,
  ) {
    db.exec(`CREATE TABLE IF NOT EXISTS secure_site_sponsored_operations (
      user_id TEXT NOT NULL,
      day INTEGER NOT NULL,
      count INTEGER NOT NULL,
      PRIMARY KEY (user_id, day)
    )`)
    // One conditional statement, so concurrent sends cannot both pass the last free slot.
    this.#take = db.prepare<{ user: string; day: number; perDay: number }>(
      `INSERT INTO secure_site_sponsored_operations (user_id, day, count) VALUES (@user, @day, 1)
       ON CONFLICT (user_id, day) DO UPDATE SET count = count + 1 WHERE count < @perDay`,
    )
    this.#prune = db.prepare<[number]>('DELETE FROM secure_site_sponsored_operations WHERE day < ?')
  }

  /**
   * Takes one sponsored operation from the user's quota for today, before it is submitted: an
   * operation that then reverts still cost the bundler its gas.
   *
   * @throws SponsorshipQuotaExceededError when the day's quota is used up
   */
  take(userId: string): void {
    const day = Math.floor(this.now() / DAY_MS)
    if (this.perDay <= 0 || this.#take.run({ user: userId, day, perDay: this.perDay }).changes === 0) throw new SponsorshipQuotaExceededError({ perDay: this.perDay })
    this.#prune.run(day - 1)
  }
}
