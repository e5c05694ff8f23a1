import type { LatchDatabase } from '../storage/openDatabase.js'
import { LoginLockedError, MailLimitReachedError } from '../errors/secureSite.js'

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

interface FailureRow {
  wrong_tries: number
  last_at: number
  locked_until: number | null
}

const minutesUntil = (time: number, now: number) => Math.max(1, Math.ceil((time - now) / 60_000))

/**
 * The abuse limits of email login (SPEC §9, issue 26): five wrong codes lock one (email, device,
 * IP) for 10 minutes, so a stranger guessing on their own device never locks the owner's; 20
 * wrong codes an hour for one address, from anywhere, lock it everywhere (the backstop against
 * guessing spread over many devices); and each address receives at most 10 emails an hour.
 */
export class LoginLimits {
  readonly #db: LatchDatabase

  constructor(db: LatchDatabase) {
    this.#db = db
  }

  /** Throws `LoginLockedError` while this device or the whole address is locked. */
  refuseWhileLocked(guesser: Guesser, now = Date.now()): void {
    const row = this.#failures(guesser)
    if (row?.locked_until && row.locked_until > now) throw new LoginLockedError({ minutes: minutesUntil(row.locked_until, now) })
    const backstop = this.#hourly(guesser.email, 'wrong', MAX_WRONG_CODES_PER_HOUR, now)
    if (backstop !== undefined) throw new LoginLockedError({ minutes: minutesUntil(backstop, now) })
  }

  /**
   * Counts one wrong code. Wrong codes add up across resends while the last is younger than the
   * lock (else 5-then-locked never triggers for someone who resends every 30 s).
   *
   * @returns the tries this device has left; 0 means it is now locked
   */
  recordWrongCode(guesser: Guesser, now = Date.now()): number {
    const row = this.#failures(guesser)
    const before = row && row.locked_until === null && now - row.last_at < LOCK_MS ? row.wrong_tries : 0
    const wrong = before + 1
    const lockedUntil = wrong >= MAX_WRONG_CODES ? now + LOCK_MS : null
    this.#db
      .prepare(
        `INSERT INTO secure_site_login_failures (email, device_id, ip, wrong_tries, last_at, locked_until) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (email, device_id, ip) DO UPDATE SET wrong_tries = excluded.wrong_tries, last_at = excluded.last_at, locked_until = excluded.locked_until`,
      )
      .run(guesser.email, guesser.deviceId, guesser.ip, lockedUntil === null ? wrong : 0, now, lockedUntil)
    this.#record(guesser.email, 'wrong', now)
    return Math.max(0, MAX_WRONG_CODES - wrong)
  }

  /** A right code: this device starts afresh (the address's hourly count stays). */
  clearFailures(guesser: Guesser): void {
    this.#db.prepare('DELETE FROM secure_site_login_failures WHERE email = ? AND device_id = ? AND ip = ?').run(guesser.email, guesser.deviceId, guesser.ip)
  }

  /** Takes one email of the address's hourly allowance; `MailLimitReachedError` when none is left. */
  takeMail(email: string, now = Date.now()): void {
    const until = this.#hourly(email, 'mail', MAX_MAILS_PER_HOUR, now)
    if (until !== undefined) throw new MailLimitReachedError({ minutes: minutesUntil(until, now) })
    this.#record(email, 'mail', now)
  }

  /** When the address is over `max` events of this kind in the last hour: the time it falls under again. */
  #hourly(email: string, kind: 'mail' | 'wrong', max: number, now: number): number | undefined {
    const times = this.#db
      .prepare<[string, string, number], { at: number }>('SELECT at FROM secure_site_email_events WHERE email = ? AND kind = ? AND at > ? ORDER BY at DESC')
      .all(email, kind, now - HOUR_MS)
      .map((row) => row.at)
    return times.length >= max ? times[max - 1]! + HOUR_MS : undefined
  }

  #record(email: string, kind: 'mail' | 'wrong', now: number) {
    this.#db.prepare('DELETE FROM secure_site_email_events WHERE at <= ?').run(now - HOUR_MS)
    this.#db.prepare('INSERT INTO secure_site_email_events (email, kind, at) VALUES (?, ?, ?)').run(email, kind, now)
  }

  #failures(guesser: Guesser): FailureRow | undefined {
    return this.#db
      .prepare<[string, string, string], FailureRow>('SELECT wrong_tries, last_at, locked_until FROM secure_site_login_failures WHERE email = ? AND device_id = ? AND ip = ?')
      .get(guesser.email, guesser.deviceId, guesser.ip)
  }
}
