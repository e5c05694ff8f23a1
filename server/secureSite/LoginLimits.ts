import { sql } from 'kysely'
import { atomically, someRow, type Storage } from '../plugins/database/index.js'
import { LoginLockedError, MailLimitReachedError } from './errors.js'

/** Wrong codes one device (at one IP) may send before it is locked out for `LOCK_MS`. */
export const MAX_WRONG_CODES = 5
export const LOCK_MS = 10 * 60_000
/** The backstop: wrong codes for one address, from every device and IP together, within an hour. */
export const MAX_WRONG_CODES_PER_HOUR = 20
/**
 * Emails one address receives within an hour when anyone asks: login starts (a code or an
 * approval link) and email changes. The code sent when the owner approves a device on its page is
 * not counted: only the owner can ask for it.
 */
export const MAX_MAILS_PER_HOUR = 10
const HOUR_MS = 60 * 60_000

/** Where a guess comes from: a stranger's guesses lock only the stranger. */
export interface Guesser {
  email: string
  deviceId: string
  ip: string
}

const minutesUntil = (time: number, now: number) => Math.max(1, Math.ceil((time - now) / 60_000))

/**
 * The abuse limits of email login (SPEC §9, issue 26): five wrong codes lock one (email, device,
 * IP) for 10 minutes, so a stranger guessing on their own device never locks the owner's; 20
 * wrong codes an hour for one address, from anywhere, lock it everywhere (the backstop against
 * guessing spread over many devices); and each address receives at most 10 emails an hour.
 */
export class LoginLimits {
  readonly #storage: Storage

  constructor(storage: Storage) {
    this.#storage = storage
  }

  /** Throws `LoginLockedError` while this device or the whole address is locked. */
  async refuseWhileLocked(guesser: Guesser, now = Date.now()): Promise<void> {
    const row = await this.#storage.db
      .selectFrom('secure_site_login_failures')
      .select('locked_until')
      .where('email', '=', guesser.email)
      .where('device_id', '=', guesser.deviceId)
      .where('ip', '=', guesser.ip)
      .executeTakeFirst()
    if (row?.locked_until && row.locked_until > now) throw new LoginLockedError({ minutes: minutesUntil(row.locked_until, now) })
    const backstop = await this.#hourly(guesser.email, 'wrong', MAX_WRONG_CODES_PER_HOUR, now)
    if (backstop !== undefined) throw new LoginLockedError({ minutes: minutesUntil(backstop, now) })
  }

  /**
   * Counts one wrong code, in one statement: 50 wrong codes at once count 50 (a read, then a
   * write, would let them all read the same count). Wrong codes add up across resends while the
   * last is younger than the lock (else 5-then-locked never triggers for someone who resends
   * every 30 s); a lock, once taken, holds until it ends, and the count after it starts afresh.
   *
   * @returns the tries this device has left; 0 means it is locked
   */
  async recordWrongCode(guesser: Guesser, now = Date.now()): Promise<number> {
    // The row's old values (SET reads them on SQLite and Postgres alike): does this count start afresh?
    const fresh = sql<boolean>`(secure_site_login_failures.locked_until IS NOT NULL AND secure_site_login_failures.locked_until <= ${now})
      OR (secure_site_login_failures.locked_until IS NULL AND secure_site_login_failures.last_at <= ${now - LOCK_MS})`
    const wrong = sql<number>`CASE WHEN ${fresh} THEN 1 ELSE secure_site_login_failures.wrong_tries + 1 END`
    const row = await this.#storage.db
      .insertInto('secure_site_login_failures')
      .values({ email: guesser.email, device_id: guesser.deviceId, ip: guesser.ip, wrong_tries: 1, last_at: now, locked_until: null })
      .onConflict((conflict) =>
        conflict.columns(['email', 'device_id', 'ip']).doUpdateSet({
          wrong_tries: wrong,
          last_at: now,
          locked_until: sql<number | null>`CASE WHEN secure_site_login_failures.locked_until > ${now} THEN secure_site_login_failures.locked_until
            WHEN ${wrong} >= ${MAX_WRONG_CODES} THEN ${now + LOCK_MS} ELSE NULL END`,
        }),
      )
      .returning('wrong_tries')
      .executeTakeFirstOrThrow()
    await this.#record(guesser.email, 'wrong', now)
    return Math.max(0, MAX_WRONG_CODES - row.wrong_tries)
  }

  /** A right code: this device starts afresh (the address's hourly count stays). */
  async clearFailures(guesser: Guesser): Promise<void> {
    await this.#storage.db
      .deleteFrom('secure_site_login_failures')
      .where('email', '=', guesser.email)
      .where('device_id', '=', guesser.deviceId)
      .where('ip', '=', guesser.ip)
      .execute()
  }

  /**
   * Takes one email of the address's hourly allowance; `MailLimitReachedError` when none is left.
   * Counted and taken in one `INSERT … SELECT … WHERE (count) < max`, atomic on SQLite; on Postgres
   * under an advisory lock per address, since no row lock covers a count: 50 starts at once send 10.
   */
  async takeMail(email: string, now = Date.now()): Promise<void> {
    const db = this.#storage.db
    await db.deleteFrom('secure_site_email_events').where('at', '<=', now - HOUR_MS).execute()
    const take = sql<{ at: number }>`INSERT INTO secure_site_email_events (email, kind, at)
      SELECT ${email}, 'mail', CAST(${now} AS BIGINT)
      WHERE (SELECT COUNT(*) FROM secure_site_email_events WHERE email = ${email} AND kind = 'mail' AND at > ${now - HOUR_MS}) < ${MAX_MAILS_PER_HOUR}
      RETURNING at`
    if (await atomically(this.#storage, [{ query: take.compile(db), expect: someRow }], { lock: `mail:${email}` })) return
    const until = (await this.#hourly(email, 'mail', MAX_MAILS_PER_HOUR, now)) ?? now + HOUR_MS
    throw new MailLimitReachedError({ minutes: minutesUntil(until, now) })
  }

  /** When the address is over `max` events of this kind in the last hour: the time it falls under again. */
  async #hourly(email: string, kind: 'mail' | 'wrong', max: number, now: number): Promise<number | undefined> {
    const rows = await this.#storage.db
      .selectFrom('secure_site_email_events')
      .select('at')
      .where('email', '=', email)
      .where('kind', '=', kind)
      .where('at', '>', now - HOUR_MS)
      .orderBy('at', 'desc')
      .execute()
    return rows.length >= max ? rows[max - 1]!.at + HOUR_MS : undefined
  }

  async #record(email: string, kind: 'mail' | 'wrong', now: number): Promise<void> {
    await this.#storage.db.deleteFrom('secure_site_email_events').where('at', '<=', now - HOUR_MS).execute()
    await this.#storage.db.insertInto('secure_site_email_events').values({ email, kind, at: now }).execute()
  }
}
