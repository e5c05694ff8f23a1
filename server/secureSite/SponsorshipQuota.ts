import { sql } from 'kysely'
import type { Storage } from '../plugins/database/index.js'
import { SponsorshipQuotaExceededError } from './errors.js'

/** UserOperations the bundler pays for one user in a UTC day, by default. */
export const DEFAULT_SPONSORED_OPERATIONS_PER_DAY = 50

const DAY_MS = 24 * 3600 * 1000

/**
 * Counts the UserOperations the secure site's bundler sponsors per user and UTC day: its key
 * pays every operation's gas, so without a quota one account could drain it for everyone.
 */
export class SponsorshipQuota {
  constructor(
    private readonly storage: Storage,
    readonly perDay = DEFAULT_SPONSORED_OPERATIONS_PER_DAY,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Takes one sponsored operation from the user's quota for today, before it is submitted: an
   * operation that then reverts still cost the bundler its gas. One conditional statement, so
   * concurrent sends cannot both pass the last free slot.
   *
   * @throws SponsorshipQuotaExceededError when the day's quota is used up
   */
  async take(userId: string): Promise<void> {
    const day = Math.floor(this.now() / DAY_MS)
    const taken =
      this.perDay > 0 &&
      (await this.storage.db
        .insertInto('secure_site_sponsored_operations')
        .values({ user_id: userId, day, count: 1 })
        .onConflict((conflict) =>
          conflict
            .columns(['user_id', 'day'])
            .doUpdateSet({ count: sql`secure_site_sponsored_operations.count + 1` })
            .where('secure_site_sponsored_operations.count', '<', this.perDay),
        )
        .returning('count')
        .executeTakeFirst())
    if (!taken) throw new SponsorshipQuotaExceededError({ perDay: this.perDay })
    await this.storage.db.deleteFrom('secure_site_sponsored_operations').where('day', '<', day - 1).execute()
  }
}
