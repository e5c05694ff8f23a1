import { sql } from 'kysely'
import { atomically, someRow, type Storage } from '../plugins/database/index.js'
import type { Mailer } from '../mail/startMailService.js'
import type { LoginRequest, SecureSiteUser } from './EmailLogin.js'
import { CODE_TTL_MS, RESEND_WAIT_MS } from './EmailLogin.js'
import { LOCK_MS, MAX_WRONG_CODES, type LoginLimits } from './LoginLimits.js'
import { emailChangeMail } from './loginMails.js'
import { CodeHasher, newSixDigitCode } from './CodeHasher.js'
import type { Session, SessionTokens } from './SessionTokens.js'
import { EmailInUseError, NoEmailOnAccountError, InvalidLoginCodeError, LoginCodeExpiredError, LoginLockedError, NoLoginCodeError, ResendTooSoonError } from './errors.js'

interface ChangeRow {
  new_email: string
  step: 'primary' | 'secondary'
  code_hash: string | null
  sent_at: number
  expires_at: number
  wrong_tries: number
  locked_until: number | null
}

/** Where an email change is asked from, for its emails: the user's project, the page and the device. */
export type EmailChangeRequest = Pick<LoginRequest, 'project' | 'appOrigin' | 'device' | 'locale'>

/**
 * Changing a signed-in user's email (SPEC §4): a code to the current address proves the owner
 * (VERIFY_PRIMARY_OTP), then a code to the new one proves it too (VERIFY_SECONDARY_OTP); only then
 * does the email change. The rules of login codes apply: 10 minutes, 30 s between emails, five
 * wrong codes lock the change for 10 minutes, and the mails count against the hourly cap of each
 * address. The new email must be free in the user's project. Keys and addresses stay the same.
 */
export class EmailChange {
  readonly #storage: Storage
  readonly #mailer: Mailer
  readonly #codes: CodeHasher
  readonly #limits: LoginLimits
  readonly #sessions: SessionTokens

  constructor({ storage, mailer, secret, limits, sessions }: { storage: Storage; mailer: Mailer; secret: Buffer; limits: LoginLimits; sessions: SessionTokens }) {
    this.#storage = storage
    this.#mailer = mailer
    this.#sessions = sessions
    this.#codes = new CodeHasher(secret, 'email-change')
    this.#limits = limits
  }

  /** Starts a change to `newEmail`: a code goes to the current address. */
  async start(user: SecureSiteUser, newEmail: string, request: EmailChangeRequest): Promise<{ action: 'VERIFY_PRIMARY_OTP' }> {
    const now = Date.now()
    const pending = await this.#row(user.id)
    if (pending) {
      this.#refuseWhileLocked(pending, now)
      const wait = pending.sent_at + RESEND_WAIT_MS - now
      if (wait > 0) throw new ResendTooSoonError({ seconds: Math.ceil(wait / 1000) })
    }
    const email = emailOf(user)
    if (newEmail === email || (await this.#inUse(user.projectId, newEmail, user.id))) throw new EmailInUseError()
    await this.#send(user.id, email, { new_email: newEmail, step: 'primary' }, request, now)
    return { action: 'VERIFY_PRIMARY_OTP' }
  }

  /** The code from the current address: a code now goes to the new one (once: the primary step's code is replaced by one conditional statement). */
  async verifyPrimary(user: SecureSiteUser, otp: string, request: EmailChangeRequest): Promise<void> {
    const row = await this.#check(user, 'primary', emailOf(user), otp)
    await this.#send(user.id, row.new_email, { new_email: row.new_email, step: 'secondary' }, request, Date.now(), row)
  }

  /**
   * The code from the new address: the email changes, and every session of the user but
   * `current` (the one that made the change) ends: whoever held the old address is signed out.
   * Once: one transaction that starts by deleting this very change (`DELETE … WHERE code_hash = ?
   * RETURNING`); of two confirmations at once, the second finds none and changes nothing.
   */
  async verifySecondary(user: SecureSiteUser, otp: string, current: Pick<Session, 'id'>): Promise<{ newEmail: string }> {
    const pending = await this.#row(user.id)
    const row = await this.#check(user, 'secondary', pending?.new_email ?? '', otp)
    if (await this.#inUse(user.projectId, row.new_email, user.id)) throw new EmailInUseError()
    const db = this.#storage.db
    const oldEmail = emailOf(user)
    const done = await atomically(this.#storage, [
      { query: db.deleteFrom('secure_site_email_changes').where('user_id', '=', user.id).where('step', '=', 'secondary').where('code_hash', '=', row.code_hash).returning('user_id'), expect: someRow },
      { query: db.updateTable('secure_site_users').set({ email: row.new_email }).where('id', '=', user.id) },
      // Devices approved for the old address stay approved: they belong to the same person (one the new address already has stays as it is).
      {
        query: db
          .updateTable('secure_site_device_approvals')
          .set({ email: row.new_email })
          .where('project_id', '=', user.projectId)
          .where('email', '=', oldEmail)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('secure_site_device_approvals as taken')
                  .select('taken.device_id')
                  .where('taken.project_id', '=', user.projectId)
                  .where('taken.email', '=', row.new_email)
                  .whereRef('taken.device_id', '=', 'secure_site_device_approvals.device_id'),
              ),
            ),
          ),
      },
      { query: this.#sessions.endAllQuery(user.id, { except: current.id }) },
    ])
    if (!done) throw new NoLoginCodeError()
    return { newEmail: row.new_email }
  }

  async #check(user: SecureSiteUser, step: ChangeRow['step'], codeEmail: string, otp: string): Promise<ChangeRow & { code_hash: string }> {
    const now = Date.now()
    const row = await this.#row(user.id)
    if (row) this.#refuseWhileLocked(row, now)
    if (!row || row.step !== step || row.code_hash === null) throw new NoLoginCodeError()
    if (row.expires_at <= now) throw new LoginCodeExpiredError()
    if (!this.#codes.matches(codeEmail, otp, row.code_hash)) {
      // Counted in one statement (50 wrong codes at once count 50); the fifth ends the code and locks the change.
      const locks = sql<boolean>`secure_site_email_changes.wrong_tries + 1 >= ${MAX_WRONG_CODES}`
      const counted = await this.#storage.db
        .updateTable('secure_site_email_changes')
        .set({
          wrong_tries: sql`secure_site_email_changes.wrong_tries + 1`,
          code_hash: sql`CASE WHEN ${locks} THEN NULL ELSE secure_site_email_changes.code_hash END`,
          locked_until: sql`CASE WHEN ${locks} THEN ${now + LOCK_MS} ELSE secure_site_email_changes.locked_until END`,
        })
        .where('user_id', '=', user.id)
        .where('code_hash', '=', row.code_hash)
        .returning('wrong_tries')
        .executeTakeFirst()
      // No row: the code was used or replaced meanwhile.
      if (!counted) throw new NoLoginCodeError()
      const wrong = counted.wrong_tries
      if (wrong >= MAX_WRONG_CODES) throw new LoginLockedError({ minutes: LOCK_MS / 60_000 })
      throw new InvalidLoginCodeError({ triesLeft: MAX_WRONG_CODES - wrong })
    }
    return { ...row, code_hash: row.code_hash }
  }

  /** Whether another user of the project has `email` (the user's own row may hold it already: a confirmation that won a race just wrote it). */
  async #inUse(projectId: string, email: string, userId: string): Promise<boolean> {
    const holder = await this.#storage.db.selectFrom('secure_site_users').select('id').where('project_id', '=', projectId).where('email', '=', email).where('id', '!=', userId).executeTakeFirst()
    return holder !== undefined
  }

  /**
   * Mails a code for `change`'s step. `after`: the checked row of the step before, replaced only
   * while it is unchanged, so two right codes at once move on once (the other is `NoLoginCodeError`).
   */
  async #send(userId: string, to: string, change: Pick<ChangeRow, 'new_email' | 'step'>, request: EmailChangeRequest, now: number, after?: ChangeRow & { code_hash: string }) {
    await this.#limits.takeMail(to, now)
    const code = newSixDigitCode()
    const next = { ...change, code_hash: this.#codes.hash(to, code), sent_at: now, expires_at: now + CODE_TTL_MS, locked_until: null }
    const db = this.#storage.db
    const saved = after
      ? await db.updateTable('secure_site_email_changes').set({ ...next, wrong_tries: 0 }).where('user_id', '=', userId).where('code_hash', '=', after.code_hash).returning('user_id').executeTakeFirst()
      : await db
          .insertInto('secure_site_email_changes')
          .values({ user_id: userId, ...next, wrong_tries: 0 })
          .onConflict((conflict) =>
            conflict.column('user_id').doUpdateSet({
              ...next,
              // A resend of the same step keeps its wrong codes (else 5-then-locked never triggers for
              // someone who resends every 30 s); the next step, a finished lock or a quiet while start afresh.
              wrong_tries: sql`CASE WHEN secure_site_email_changes.step = ${change.step} AND secure_site_email_changes.locked_until IS NULL
                AND secure_site_email_changes.sent_at > ${now - LOCK_MS} THEN secure_site_email_changes.wrong_tries ELSE 0 END`,
            }),
          )
          .returning('user_id')
          .executeTakeFirst()
    if (!saved) throw new NoLoginCodeError()
    await this.#mailer.send({ to, ...emailChangeMail(code, change.step, change.new_email, request) })
  }

  #refuseWhileLocked(row: ChangeRow, now: number) {
    if (row.locked_until !== null && row.locked_until > now) throw new LoginLockedError({ minutes: Math.ceil((row.locked_until - now) / 60_000) })
  }

  #row(userId: string): Promise<ChangeRow | undefined> {
    return this.#storage.db
      .selectFrom('secure_site_email_changes')
      .select(['new_email', 'step', 'code_hash', 'sent_at', 'expires_at', 'wrong_tries', 'locked_until'])
      .where('user_id', '=', userId)
      .executeTakeFirst()
  }
}

/** A social user has no email of their own to change. */
function emailOf(user: SecureSiteUser): string {
  if (user.email === null) throw new NoEmailOnAccountError()
  return user.email
}
