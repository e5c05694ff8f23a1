import { randomUUID } from 'node:crypto'
import type { Storage } from './openStorage.js'

/**
 * Named leases in the shared database: a job only one instance may run at a time holds one until
 * it expires, renewing it while it lives. Taking, renewing and releasing are one statement each,
 * so two instances never both believe they hold it.
 */
export class Leases {
  /** This instance, as a holder. */
  readonly holder = randomUUID()

  constructor(
    private readonly storage: Storage,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Takes `name` for `ttlMs` when it is free or expired, or renews it when this instance holds it.
   *
   * @returns whether this instance holds it now
   */
  async acquire(name: string, ttlMs: number): Promise<boolean> {
    const now = this.now()
    const row = await this.storage.db
      .insertInto('leases')
      .values({ name, holder: this.holder, expires_at: now + ttlMs })
      .onConflict((conflict) =>
        conflict
          .column('name')
          .doUpdateSet((update) => ({ holder: update.ref('excluded.holder'), expires_at: update.ref('excluded.expires_at') }))
          .where((where) => where.or([where('leases.expires_at', '<=', now), where('leases.holder', '=', this.holder)])),
      )
      .returning('holder')
      .executeTakeFirst()
    return row?.holder === this.holder
  }

  /** Gives `name` back if this instance holds it. */
  async release(name: string): Promise<void> {
    await this.storage.db.deleteFrom('leases').where('name', '=', name).where('holder', '=', this.holder).execute()
  }
}
