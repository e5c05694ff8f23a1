import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Storage } from './openStorage.js'
import type { DatabaseSchema } from './DatabaseSchema.js'

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

  /**
   * Whether any instance holds a lease that has not run out: a running instance renews one, so a
   * tool that must have the database alone (the master secret rotation) refuses while one does.
   *
   * @param db - the storage layer, or the tool's transaction
   */
  static async anyLive(db: Kysely<DatabaseSchema>, now = Date.now()): Promise<boolean> {
    return (await db.selectFrom('leases').select('name').where('expires_at', '>', now).executeTakeFirst()) !== undefined
  }
}
