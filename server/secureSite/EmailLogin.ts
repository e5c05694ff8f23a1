import { randomBytes, randomUUID } from 'node:crypto'
import { CodeHasher, newSixDigitCode } from './CodeHasher.js'
import type { Storage } from '../plugins/database/index.js'
import type { Mailer } from '../mail/startMailService.js'
import type { KeyStore, UserAddresses } from './KeyStore.js'
import type { LoginLimits } from './LoginLimits.js'
import { DeviceLinkInvalidError, InvalidLoginCodeError, LoginCodeExpiredError, LoginLockedError, NoLoginCodeError, ResendTooSoonError } from './errors.js'
import { LOCK_MS } from './LoginLimits.js'
import { approvalLink, approvalMail, codeMail } from './loginMails.js'

/** SPEC §9: a second login email for the same address and device within 30 s is refused. */
export const RESEND_WAIT_MS = 30_000
export const CODE_TTL_MS = 10 * 60_000
/** A device-approval link works this long, like a code. */
export const APPROVAL_TTL_MS = 10 * 60_000

/** A user of the embedded wallet: one per project and email (or project and social account). */
export interface SecureSiteUser extends UserAddresses {
  id: string
  projectId: string
  /** Null for a social user (SocialLogin keeps what their provider said). */
  email: string | null
}

/** Who asks for a login, and through which app: named in the emails and on the approval page. */
export interface LoginRequest {
  project: { id: string; name: string }
  /** The embedding page's origin, on the project's allow-list. */
  appOrigin: string
  /** `describeDevice` of the asking browser's User-Agent. */
  device: string
  ip: string
  /** The kit's language, which the emails are written in; English when absent. */
  locale?: string
}

/** A device-approval link as its page shows it. */
export interface PendingApproval {
  email: string
  projectName: string
  appOrigin: string
  device: string
  ip: string
  requestedAt: number
}

interface CodeRow {
  code_hash: string | null
  sent_at: number
  expires_at: number
}

interface UserRow {
  id: string
  project_id: string
  email: string | null
  evm_address: `0x${string}`
  solana_address: string
}

/** How many pending approvals' languages are remembered at most. */
const MAX_REMEMBERED_LOCALES = 10_000

/**
 * Email login, scoped to a project: the same address on two projects is two users with two
 * wallets. A device not yet approved for (project, email) gets an approval link first, whether
 * or not the address has an account, so the answer reveals nothing; then a 6-digit code (10
 * minutes) proves the address. Codes are stored as HMACs, one per (project, email, device), so
 * one device's request never cancels another's. `LoginLimits` locks guessing devices and caps
 * mail. The first successful login creates the user and their keys.
 */
export class EmailLogin {
  readonly #storage: Storage
  readonly #projectName: (projectId: string) => string | undefined
  readonly #mailer: Mailer
  readonly #keys: KeyStore
  readonly #codes: CodeHasher
  readonly #limits: LoginLimits
  /**
   * The language each pending device approval asked in, for the code mailed once it is approved.
   * Kept in memory rather than in the approvals table: a restart only makes that one email English.
   */
  readonly #approvalLocales = new Map<string, string>()

  /**
   * @param storage - the storage layer: users, approved devices, login codes (and, through `limits`, wrong codes and mail caps)
   * @param projectName - a project's name, for the approval page; the id stands in for an unknown one
   */
  constructor({ storage, projectName, mailer, keys, secret, limits }: { storage: Storage; projectName?: (projectId: string) => string | undefined; mailer: Mailer; keys: KeyStore; secret: Buffer; limits: LoginLimits }) {
    this.#storage = storage
    this.#projectName = projectName ?? (() => undefined)
    this.#mailer = mailer
    this.#keys = keys
    this.#codes = new CodeHasher(secret, 'login')
    this.#limits = limits
  }

  /**
   * Starts (or restarts) a login on one device: emails an approval link when the device was never
   * approved for this address in this project, else a code.
   *
   * @param siteUrl - the secure site's own URL, for the approval link
   */
  async start(email: string, deviceId: string, request: LoginRequest, siteUrl: string): Promise<{ action: 'VERIFY_DEVICE' | 'VERIFY_OTP' }> {
    const now = Date.now()
    const projectId = request.project.id
    await this.#limits.refuseWhileLocked({ email, deviceId, ip: request.ip }, now)
    const pending = await this.#code(projectId, email, deviceId)
    const wait = pending ? pending.sent_at + RESEND_WAIT_MS - now : 0
    if (wait > 0) throw new ResendTooSoonError({ seconds: Math.ceil(wait / 1000) })
    await this.#limits.takeMail(email, now)
    if (!(await this.#isApproved(projectId, email, deviceId))) {
      const token = randomBytes(24).toString('base64url')
      const link = { approval_token: token, approval_expires_at: now + APPROVAL_TTL_MS, requested_at: now, app_origin: request.appOrigin, device: request.device, ip: request.ip }
      await this.#storage.db
        .insertInto('secure_site_device_approvals')
        .values({ project_id: projectId, email, device_id: deviceId, approved_at: null, ...link })
        .onConflict((conflict) => conflict.columns(['project_id', 'email', 'device_id']).doUpdateSet(link))
        .execute()
      // No code yet: only the send time, so the 30 s rule also covers approval emails.
      await this.#saveCode(projectId, email, deviceId, { code_hash: null, sent_at: now, expires_at: now })
      this.#rememberLocale(token, request.locale)
      await this.#mailer.send({ to: email, ...approvalMail(request, approvalLink(siteUrl, token, request.locale)) })
      return { action: 'VERIFY_DEVICE' }
    }
    await this.#sendCode(projectId, email, deviceId, request, now)
    return { action: 'VERIFY_OTP' }
  }

  /** Whether this device has been approved for the address (polled by the frame while it waits). */
  isDeviceApproved(projectId: string, email: string, deviceId: string): Promise<boolean> {
    return this.#isApproved(projectId, email, deviceId)
  }

  /** What an approval link's page shows; `DeviceLinkInvalidError` for an unknown, used or expired link. */
  async pendingApproval(token: string): Promise<PendingApproval> {
    const row = await this.#storage.db
      .selectFrom('secure_site_device_approvals')
      .select(['project_id', 'email', 'approval_expires_at', 'requested_at', 'app_origin', 'device', 'ip'])
      .where('approval_token', '=', token)
      .executeTakeFirst()
    if (!row || (row.approval_expires_at ?? 0) <= Date.now()) throw new DeviceLinkInvalidError()
    return { email: row.email, projectName: this.#projectName(row.project_id) ?? row.project_id, appOrigin: row.app_origin ?? '', device: row.device ?? '', ip: row.ip ?? '', requestedAt: row.requested_at ?? 0 }
  }

  /**
   * The owner confirmed the link's page (a POST): approves its device and emails a code to finish
   * the login. Once: the link is used up by the one conditional UPDATE that approves, so of two
   * confirmations at once only one sends a code; the other finds the link used.
   */
  async approveDevice(token: string): Promise<void> {
    const now = Date.now()
    const row = await this.#storage.db
      .updateTable('secure_site_device_approvals')
      .set({ approved_at: now, approval_token: null, approval_expires_at: null })
      .where('approval_token', '=', token)
      .where('approval_expires_at', '>', now)
      .returning(['project_id', 'email', 'device_id', 'app_origin', 'device', 'ip'])
      .executeTakeFirst()
    if (!row) throw new DeviceLinkInvalidError()
    // Only the owner, on the link's page, asks for this code: the hourly mail cap does not apply.
    const locale = this.#approvalLocales.get(token)
    this.#approvalLocales.delete(token)
    const request = { project: { id: row.project_id, name: this.#projectName(row.project_id) ?? row.project_id }, appOrigin: row.app_origin ?? '', device: row.device ?? '', ip: row.ip ?? '', locale }
    await this.#sendCode(row.project_id, row.email, row.device_id, request, now)
  }

  /** Checks a code; on success the device is approved, and the user (with keys) exists in the project. */
  async verify(email: string, deviceId: string, otp: string, request: LoginRequest): Promise<SecureSiteUser> {
    const now = Date.now()
    const projectId = request.project.id
    const guesser = { email, deviceId, ip: request.ip }
    await this.#limits.refuseWhileLocked(guesser, now)
    const row = await this.#code(projectId, email, deviceId)
    if (!row || row.code_hash === null) {
      // A lock taken after the check above also kills this device's code: the lock is the answer.
      await this.#limits.refuseWhileLocked(guesser, now)
      throw new NoLoginCodeError()
    }
    if (row.expires_at <= now) throw new LoginCodeExpiredError()
    if (!this.#codes.matches(email, otp, row.code_hash)) {
      const triesLeft = await this.#limits.recordWrongCode(guesser, now)
      if (triesLeft > 0) throw new InvalidLoginCodeError({ triesLeft })
      // This device's code dies with its lock (a right code racing it then finds none); other devices' codes live on.
      await this.#storage.db
        .updateTable('secure_site_login_codes')
        .set({ code_hash: null })
        .where('project_id', '=', projectId)
        .where('email', '=', email)
        .where('device_id', '=', deviceId)
        .execute()
      throw new LoginLockedError({ minutes: LOCK_MS / 60_000 })
    }
    // Used once: of two requests with the right code at once, only the one that deletes it logs in.
    const used = await this.#storage.db
      .deleteFrom('secure_site_login_codes')
      .where('project_id', '=', projectId)
      .where('email', '=', email)
      .where('device_id', '=', deviceId)
      .where('code_hash', '=', row.code_hash)
      .returning('code_hash')
      .executeTakeFirst()
    if (!used) throw new NoLoginCodeError()
    await this.#limits.clearFailures(guesser)
    await this.#storage.db
      .insertInto('secure_site_device_approvals')
      .values({ project_id: projectId, email, device_id: deviceId, approved_at: now })
      .onConflict((conflict) => conflict.columns(['project_id', 'email', 'device_id']).doUpdateSet({ approved_at: now, approval_token: null }))
      .execute()
    return (await this.userByEmail(projectId, email)) ?? (await this.#createUser(projectId, email))
  }

  async userByEmail(projectId: string, email: string): Promise<SecureSiteUser | undefined> {
    const row = await this.#storage.db.selectFrom('secure_site_users').select(USER_COLUMNS).where('project_id', '=', projectId).where('email', '=', email).executeTakeFirst()
    return row && toUser(row as UserRow)
  }

  async userById(id: string): Promise<SecureSiteUser | undefined> {
    const row = await this.#storage.db.selectFrom('secure_site_users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst()
    return row && toUser(row as UserRow)
  }

  /** A new user with new keys; when two devices' first logins race, the first one stored is everyone's. */
  async #createUser(projectId: string, email: string): Promise<SecureSiteUser> {
    const id = randomUUID()
    const addresses = await this.#keys.createKeys(id)
    const created = await this.#storage.db
      .insertInto('secure_site_users')
      .values({ id, project_id: projectId, email, evm_address: addresses.evmAddress, solana_address: addresses.solanaAddress, created_at: Date.now() })
      .onConflict((conflict) => conflict.columns(['project_id', 'email']).doNothing())
      .returning('id')
      .executeTakeFirst()
    if (created) return { id, projectId, email, ...addresses }
    const first = await this.userByEmail(projectId, email)
    if (!first) throw new Error(`the user of ${email} in ${projectId} was neither created nor found`)
    return first
  }

  #rememberLocale(token: string, locale: string | undefined): void {
    if (!locale) return
    // Bounded: links never opened are forgotten oldest first (a Map keeps insertion order).
    if (this.#approvalLocales.size >= MAX_REMEMBERED_LOCALES) this.#approvalLocales.delete(this.#approvalLocales.keys().next().value!)
    this.#approvalLocales.set(token, locale)
  }

  async #sendCode(projectId: string, email: string, deviceId: string, request: LoginRequest, now: number): Promise<void> {
    const code = newSixDigitCode()
    await this.#saveCode(projectId, email, deviceId, { code_hash: this.#codes.hash(email, code), sent_at: now, expires_at: now + CODE_TTL_MS })
    await this.#mailer.send({ to: email, ...codeMail(code, request) })
  }

  async #isApproved(projectId: string, email: string, deviceId: string): Promise<boolean> {
    const row = await this.#storage.db
      .selectFrom('secure_site_device_approvals')
      .select('approved_at')
      .where('project_id', '=', projectId)
      .where('email', '=', email)
      .where('device_id', '=', deviceId)
      .where('approved_at', 'is not', null)
      .executeTakeFirst()
    return row !== undefined
  }

  #code(projectId: string, email: string, deviceId: string): Promise<CodeRow | undefined> {
    return this.#storage.db
      .selectFrom('secure_site_login_codes')
      .select(['code_hash', 'sent_at', 'expires_at'])
      .where('project_id', '=', projectId)
      .where('email', '=', email)
      .where('device_id', '=', deviceId)
      .executeTakeFirst()
  }

  async #saveCode(projectId: string, email: string, deviceId: string, row: CodeRow): Promise<void> {
    await this.#storage.db
      .insertInto('secure_site_login_codes')
      .values({ project_id: projectId, email, device_id: deviceId, ...row })
      .onConflict((conflict) => conflict.columns(['project_id', 'email', 'device_id']).doUpdateSet(row))
      .execute()
  }
}

const USER_COLUMNS = ['id', 'project_id', 'email', 'evm_address', 'solana_address'] as const

function toUser(row: UserRow): SecureSiteUser {
  return { id: row.id, projectId: row.project_id, email: row.email, evmAddress: row.evm_address, solanaAddress: row.solana_address }
}
