import { randomBytes, randomUUID } from 'node:crypto'
import { CodeHasher, newSixDigitCode } from './CodeHasher.js'
import type { LatchDatabase } from '../storage/openDatabase.js'
import type { Mailer } from '../mail/startMailService.js'
import type { KeyStore, UserAddresses } from './KeyStore.js'
import {
  DeviceLinkInvalidError,
  InvalidLoginCodeError,
  LoginCodeExpiredError,
  LoginLockedError,
  NoLoginCodeError,
  ResendTooSoonError,
} from '../errors/secureSite.js'

/** SPEC §9: a second login email for the same address within 30 s is refused. */
export const RESEND_WAIT_MS = 30_000
export const CODE_TTL_MS = 10 * 60_000
export const MAX_WRONG_CODES = 5
export const LOCK_MS = 10 * 60_000
/** A device-approval link works this long, like a code. */
export const APPROVAL_TTL_MS = 10 * 60_000

/** A user of the embedded wallet. */
export interface SecureSiteUser extends UserAddresses {
  id: string
  /** Null for a social user (SocialLogin keeps what their provider said). */
  email: string | null
}

interface CodeRow {
  device_id: string
  code_hash: string | null
  sent_at: number
  expires_at: number
  wrong_tries: number
  locked_until: number | null
}

interface UserRow {
  id: string
  email: string | null
  evm_address: `0x${string}`
  solana_address: string
}

/**
 * Email login: a known email on a device it never approved gets an approval link first; then a
 * 6-digit code (10 minutes, 5 wrong tries then locked) proves the address. Codes are stored as
 * HMACs, never in clear. The first successful login creates the user and their keys.
 */
export class EmailLogin {
  readonly #db: LatchDatabase
  readonly #mailer: Mailer
  readonly #keys: KeyStore
  readonly #codes: CodeHasher

  constructor({ db, mailer, keys, secret }: { db: LatchDatabase; mailer: Mailer; keys: KeyStore; secret: Buffer }) {
    this.#db = db
    this.#mailer = mailer
    this.#keys = keys
    this.#codes = new CodeHasher(secret, 'login')
  }

  /**
   * Starts (or restarts) a login: emails an approval link when the email belongs to a user who
   * never approved this device, else a code.
   *
   * @param siteUrl - the secure site's own URL, for the approval link
   */
  async start(email: string, deviceId: string, siteUrl: string): Promise<{ action: 'VERIFY_DEVICE' | 'VERIFY_OTP' }> {
    const now = Date.now()
    const pending = this.#code(email)
    if (pending) {
      this.#refuseWhileLocked(pending, now)
      const wait = pending.sent_at + RESEND_WAIT_MS - now
      if (wait > 0) throw new ResendTooSoonError({ seconds: Math.ceil(wait / 1000) })
    }
    if (this.userByEmail(email) && !this.#isApproved(email, deviceId)) {
      const token = randomBytes(24).toString('base64url')
      this.#db
        .prepare(
          `INSERT INTO secure_site_devices (email, device_id, approval_token, approval_expires_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (email, device_id) DO UPDATE SET approval_token = excluded.approval_token, approval_expires_at = excluded.approval_expires_at`,
        )
        .run(email, deviceId, token, now + APPROVAL_TTL_MS)
      // No code yet: only the send time, so the 30 s rule also covers approval emails.
      this.#saveCode(email, { device_id: deviceId, code_hash: null, sent_at: now, expires_at: now, wrong_tries: this.#wrongTriesSoFar(email, now), locked_until: null })
      await this.#mailer.send({
        to: email,
        subject: 'Approve this device',
        text: `Someone is signing in to your wallet from a new device.\n\nIf it is you, approve the device by opening this link within 10 minutes:\n${siteUrl}/device/approve?token=${token}\n\nIf it is not you, ignore this email.`,
      })
      return { action: 'VERIFY_DEVICE' }
    }
    await this.#sendCode(email, deviceId, now)
    return { action: 'VERIFY_OTP' }
  }

  /** Whether this device has been approved for the email (polled by the frame while it waits). */
  isDeviceApproved(email: string, deviceId: string): boolean {
    return this.#isApproved(email, deviceId)
  }

  /** The emailed link was opened: approves its device and emails a code to finish the login. */
  async approveDevice(token: string): Promise<void> {
    const row = this.#db
      .prepare<[string], { email: string; device_id: string; approval_expires_at: number | null }>(
        'SELECT email, device_id, approval_expires_at FROM secure_site_devices WHERE approval_token = ?',
      )
      .get(token)
    if (!row || (row.approval_expires_at ?? 0) <= Date.now()) throw new DeviceLinkInvalidError()
    this.#db.prepare('UPDATE secure_site_devices SET approved_at = ?, approval_token = NULL, approval_expires_at = NULL WHERE email = ? AND device_id = ?').run(Date.now(), row.email, row.device_id)
    await this.#sendCode(row.email, row.device_id, Date.now())
  }

  /** Checks a code; on success the device is approved, and the user (with keys) exists. */
  async verify(email: string, deviceId: string, otp: string): Promise<SecureSiteUser> {
    const now = Date.now()
    const row = this.#code(email)
    if (row) this.#refuseWhileLocked(row, now)
    if (!row || row.code_hash === null || row.device_id !== deviceId) throw new NoLoginCodeError()
    if (row.expires_at <= now) throw new LoginCodeExpiredError()
    if (!this.#codes.matches(email, otp, row.code_hash)) {
      const wrong = row.wrong_tries + 1
      if (wrong >= MAX_WRONG_CODES) {
        this.#saveCode(email, { ...row, code_hash: null, wrong_tries: wrong, locked_until: now + LOCK_MS })
        throw new LoginLockedError({ minutes: LOCK_MS / 60_000 })
      }
      this.#saveCode(email, { ...row, wrong_tries: wrong })
      throw new InvalidLoginCodeError({ triesLeft: MAX_WRONG_CODES - wrong })
    }
    this.#db.prepare('DELETE FROM secure_site_codes WHERE email = ?').run(email)
    this.#db
      .prepare(
        `INSERT INTO secure_site_devices (email, device_id, approved_at) VALUES (?, ?, ?)
         ON CONFLICT (email, device_id) DO UPDATE SET approved_at = excluded.approved_at, approval_token = NULL`,
      )
      .run(email, deviceId, now)
    return this.userByEmail(email) ?? (await this.#createUser(email))
  }

  userByEmail(email: string): SecureSiteUser | undefined {
    const row = this.#db.prepare<[string], UserRow>('SELECT id, email, evm_address, solana_address FROM secure_site_users WHERE email = ?').get(email)
    return row && toUser(row)
  }

  userById(id: string): SecureSiteUser | undefined {
    const row = this.#db.prepare<[string], UserRow>('SELECT id, email, evm_address, solana_address FROM secure_site_users WHERE id = ?').get(id)
    return row && toUser(row)
  }

  async #createUser(email: string): Promise<SecureSiteUser> {
    const id = randomUUID()
    const addresses = await this.#keys.createKeys(id)
    this.#db
      .prepare('INSERT INTO secure_site_users (id, email, evm_address, solana_address, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(id, email, addresses.evmAddress, addresses.solanaAddress, Date.now())
    return { id, email, ...addresses }
  }

  async #sendCode(email: string, deviceId: string, now: number): Promise<void> {
    const code = newSixDigitCode()
    const wrongTries = this.#wrongTriesSoFar(email, now)
    this.#saveCode(email, { device_id: deviceId, code_hash: this.#codes.hash(email, code), sent_at: now, expires_at: now + CODE_TTL_MS, wrong_tries: wrongTries, locked_until: null })
    await this.#mailer.send({
      to: email,
      subject: `Your login code: ${code}`,
      text: `Your login code is ${code}.\n\nIt expires in 10 minutes. If you did not ask for it, ignore this email.`,
    })
  }

  /**
   * The wrong codes a new email inherits: a resend does not wipe them (else 5-then-locked never
   * triggers for someone who resends every 30 s). They count while the last email is younger than
   * the lock window; a finished lock, a success (the row is deleted) or a quiet while starts afresh.
   */
  #wrongTriesSoFar(email: string, now: number): number {
    const row = this.#code(email)
    return row && row.locked_until === null && now - row.sent_at < LOCK_MS ? row.wrong_tries : 0
  }

  #refuseWhileLocked(row: CodeRow, now: number) {
    if (row.locked_until !== null && row.locked_until > now) throw new LoginLockedError({ minutes: Math.ceil((row.locked_until - now) / 60_000) })
  }

  #isApproved(email: string, deviceId: string): boolean {
    return (
      this.#db.prepare('SELECT 1 FROM secure_site_devices WHERE email = ? AND device_id = ? AND approved_at IS NOT NULL').get(email, deviceId) !== undefined
    )
  }

  #code(email: string): CodeRow | undefined {
    return this.#db
      .prepare<[string], CodeRow>('SELECT device_id, code_hash, sent_at, expires_at, wrong_tries, locked_until FROM secure_site_codes WHERE email = ?')
      .get(email)
  }

  #saveCode(email: string, row: CodeRow) {
    this.#db
      .prepare(
        `INSERT OR REPLACE INTO secure_site_codes (email, device_id, code_hash, sent_at, expires_at, wrong_tries, locked_until)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(email, row.device_id, row.code_hash, row.sent_at, row.expires_at, row.wrong_tries, row.locked_until)
  }
}

function toUser(row: UserRow): SecureSiteUser {
  return { id: row.id, email: row.email, evmAddress: row.evm_address, solanaAddress: row.solana_address }
}
