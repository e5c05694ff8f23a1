import type { LatchDatabase } from '../plugins/database/openDatabase.js'
import type { Mailer } from '../mail/startMailService.js'
import type { LoginRequest, SecureSiteUser } from './EmailLogin.js'
import { CODE_TTL_MS, RESEND_WAIT_MS } from './EmailLogin.js'
import { LOCK_MS, MAX_WRONG_CODES, type LoginLimits } from './LoginLimits.js'
import { emailChangeMail } from './loginMails.js'
import { CodeHasher, newSixDigitCode } from './CodeHasher.js'
import type { Session, SessionTokens } from './SessionTokens.js'
import { EmailInUseError, NoEmailOnAccountError, InvalidLoginCodeError, LoginCodeExpiredError, LoginLockedError, NoLoginCodeError, ResendTooSoonError } from '../errors/secureSite.js'

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
export type EmailChangeRequest = Pick<LoginRequest, 'project' | 'appOrigin' | 'device'>

/**
 * Changing a signed-in user's email (SPEC §4): a code to the current address proves the owner
 * (VERIFY_PRIMARY_OTP), then a code to the new one proves it too (VERIFY_SECONDARY_OTP); only then
 * does the email change. The rules of login codes apply: 10 minutes, 30 s between emails, five
 * wrong codes lock the change for 10 minutes, and the mails count against the hourly cap of each
 * address. The new email must be free in the user's project. Keys and addresses stay the same.
 */
export class EmailChange {
  readonly #db: LatchDatabase
  readonly #mailer: Mailer
  readonly #codes: CodeHasher
  readonly #limits: LoginLimits
  readonly #sessions: SessionTokens

  constructor({ db, mailer, secret, limits, sessions }: { db: LatchDatabase; mailer: Mailer; secret: Buffer; limits: LoginLimits; sessions: SessionTokens }) {
    this.#db = db
    this.#mailer = mailer
    this.#sessions = sessions
    this.#codes = new CodeHasher(secret, 'email-change')
    this.#limits = limits
  }

  /** Starts a change to `newEmail`: a code goes to the current address. */
  async start(user: SecureSiteUser, newEmail: string, request: EmailChangeRequest): Promise<{ action: 'VERIFY_PRIMARY_OTP' }> {
    const now = Date.now()
    const pending = this.#row(user.id)
    if (pending) {
      this.#refuseWhileLocked(pending, now)
      const wait = pending.sent_at + RESEND_WAIT_MS - now
      if (wait > 0) throw new ResendTooSoonError({ seconds: Math.ceil(wait / 1000) })
    }
    const email = emailOf(user)
    if (newEmail === email || this.#inUse(user.projectId, newEmail)) throw new EmailInUseError()
    await this.#send(user.id, email, { new_email: newEmail, step: 'primary' }, request, now)
    return { action: 'VERIFY_PRIMARY_OTP' }
  }

  /** The code from the current address: a code now goes to the new one. */
  async verifyPrimary(user: SecureSiteUser, otp: string, request: EmailChangeRequest): Promise<void> {
    const row = this.#check(user, 'primary', emailOf(user), otp)
    await this.#send(user.id, row.new_email, { new_email: row.new_email, step: 'secondary' }, request, Date.now())
  }

  /**
   * The code from the new address: the email changes, and every session of the user but
   * `current` (the one that made the change) ends: whoever held the old address is signed out.
   */
  async verifySecondary(user: SecureSiteUser, otp: string, current: Pick<Session, 'id'>): Promise<{ newEmail: string }> {
    const pending = this.#row(user.id)
    const row = this.#check(user, 'secondary', pending?.new_email ?? '', otp)
    if (this.#inUse(user.projectId, row.new_email)) throw new EmailInUseError()
    this.#db.transaction(() => {
      this.#db.prepare('UPDATE secure_site_users SET email = ? WHERE id = ?').run(row.new_email, user.id)
      // Devices approved for the old address stay approved: they belong to the same person.
      this.#db.prepare('UPDATE OR IGNORE secure_site_device_approvals SET email = ? WHERE project_id = ? AND email = ?').run(row.new_email, user.projectId, emailOf(user))
      this.#db.prepare('DELETE FROM secure_site_email_changes WHERE user_id = ?').run(user.id)
      this.#sessions.endAll(user.id, { except: current.id })
    })()
    return { newEmail: row.new_email }
  }

  #check(user: SecureSiteUser, step: ChangeRow['step'], codeEmail: string, otp: string): ChangeRow {
    const now = Date.now()
    const row = this.#row(user.id)
    if (row) this.#refuseWhileLocked(row, now)
    if (!row || row.step !== step || row.code_hash === null) throw new NoLoginCodeError()
    if (row.expires_at <= now) throw new LoginCodeExpiredError()
    if (!this.#codes.matches(codeEmail, otp, row.code_hash)) {
      const wrong = row.wrong_tries + 1
      if (wrong >= MAX_WRONG_CODES) {
        this.#save(user.id, { ...row, code_hash: null, wrong_tries: wrong, locked_until: now + LOCK_MS })
        throw new LoginLockedError({ minutes: LOCK_MS / 60_000 })
      }
      this.#save(user.id, { ...row, wrong_tries: wrong })
      throw new InvalidLoginCodeError({ triesLeft: MAX_WRONG_CODES - wrong })
    }
    return row
  }

  #inUse(projectId: string, email: string): boolean {
    return this.#db.prepare('SELECT 1 FROM secure_site_users WHERE project_id = ? AND email = ?').get(projectId, email) !== undefined
  }

  async #send(userId: string, to: string, change: Pick<ChangeRow, 'new_email' | 'step'>, request: EmailChangeRequest, now: number) {
    await this.#limits.takeMail(to, now)
    const code = newSixDigitCode()
    // A resend of the same step keeps its wrong codes (else 5-then-locked never triggers for
    // someone who resends every 30 s); the next step, a finished lock or a quiet while start afresh.
    const previous = this.#row(userId)
    const wrongTries = previous?.step === change.step && previous.locked_until === null && now - previous.sent_at < LOCK_MS ? previous.wrong_tries : 0
    this.#save(userId, { ...change, code_hash: this.#codes.hash(to, code), sent_at: now, expires_at: now + CODE_TTL_MS, wrong_tries: wrongTries, locked_until: null })
    await this.#mailer.send({ to, ...emailChangeMail(code, change.step, change.new_email, request) })
  }

  #refuseWhileLocked(row: ChangeRow, now: number) {
    if (row.locked_until !== null && row.locked_until > now) throw new LoginLockedError({ minutes: Math.ceil((row.locked_until - now) / 60_000) })
  }

  #row(userId: string): ChangeRow | undefined {
    return this.#db
      .prepare<[string], ChangeRow>('SELECT new_email, step, code_hash, sent_at, expires_at, wrong_tries, locked_until FROM secure_site_email_changes WHERE user_id = ?')
      .get(userId)
  }

  #save(userId: string, row: ChangeRow) {
    this.#db
      .prepare(
        `INSERT OR REPLACE INTO secure_site_email_changes (user_id, new_email, step, code_hash, sent_at, expires_at, wrong_tries, locked_until)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(userId, row.new_email, row.step, row.code_hash, row.sent_at, row.expires_at, row.wrong_tries, row.locked_until)
  }
}

/** A social user has no email of their own to change. */
function emailOf(user: SecureSiteUser): string {
  if (user.email === null) throw new NoEmailOnAccountError()
  return user.email
}
