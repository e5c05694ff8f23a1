import { action, computed, makeObservable, observable, runInAction } from 'mobx'
import type { KitStorage } from '../../kernel/index.js'
import { awaitFieldCode } from './awaitFieldCode.js'
import { refusalText } from './refusalText.js'
import type { StoreText } from '../../ui-shell/i18n/I18nStore.js'

/** SPEC §4 email login: the email, maybe a device approval, the code (typed in the secure field), then connected. */
export type EmailStep = 'enterEmail' | 'sending' | 'verifyDevice' | 'verifyOtp' | 'connecting'

/** The embedded wallet's email operations (SPEC §7 cross-frame messages). */
export interface EmailAuth {
  connectEmail(params: { email: string; locale?: string }): Promise<{ action: 'VERIFY_DEVICE' | 'VERIFY_OTP' }>
  connectDevice(): Promise<unknown>
  /** Waits for the code the visitor types in the secure site's field; rejects with the frame's refusal. */
  connectOtp(): Promise<unknown>
}

export interface EmailLoginDeps {
  /** The embedded wallet; creating it loads the secure site's frame. */
  auth(): EmailAuth
  /** Connects the AUTH connector once the code is accepted. */
  connect(): Promise<unknown>
  onConnected(): void
  /** The secure site's code field for the wallet's frame (issue 26), themed like the modal. */
  codeFieldUrl(): string
  /** The kit's language: the secure site writes its emails in it. */
  locale?: () => string
  now?: () => number
  /**
   * This device's memory of email logins (SPEC §3 'Stored locally', the embedded wallet's keys):
   * the last email pre-fills the field while `emailLoginUsed` holds, and `lastEmailLoginTime`
   * keeps the 30 s resend wait across a reload.
   */
  storage?: Pick<KitStorage, 'get' | 'set'>
}

/** SPEC §5/§9: a second code within 30 s is refused. */
export const RESEND_WAIT_MS = 30_000
const EMAIL = /^[^\s@]{1,64}@[^\s@.]+(\.[^\s@.]+)+$/

/** Whether an address is one a code can be sent to (SPEC §5: valid in connect and update payloads). */
export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL.test(email)
}

/**
 * The email login's state: what the visitor typed, which step waits on them, and the last error
 * in the secure site's or the catalogue's words.
 */
export class EmailLoginStore {
  email = ''
  step: EmailStep = 'enterEmail'
  error: StoreText | undefined = undefined
  private sentAt: number | undefined
  /** Counts waits for the code: a wait of an earlier round (the visitor went back) changes nothing. */
  private round = 0

  constructor(private readonly deps: EmailLoginDeps) {
    const storage = deps.storage
    if (storage?.get('emailLoginUsed') === true) this.email = storage.get('email') ?? ''
    this.sentAt = storage?.get('lastEmailLoginTime')
    makeObservable<EmailLoginStore, 'sentAt'>(this, {
      email: observable,
      step: observable,
      error: observable,
      sentAt: observable,
      emailError: computed,
      isBusy: computed,
      setEmail: action,
      reset: action,
    })
  }

  /** Where the view's secure code field loads from. */
  codeFieldUrl(): string {
    return this.deps.codeFieldUrl()
  }

  /** The hint under the email field, once something was typed. */
  get emailError(): StoreText | undefined {
    const email = this.email.trim()
    return email === '' || isValidEmail(email) ? undefined : 'email.invalid'
  }

  get isBusy(): boolean {
    return this.step === 'sending' || this.step === 'connecting'
  }

  setEmail(email: string): void {
    this.email = email
    this.error = undefined
  }

  reset(): void {
    this.round++
    this.step = 'enterEmail'
    this.error = undefined
  }

  /** Sends the code (or the device approval mail), then waits on the visitor's next step. */
  async submitEmail(): Promise<void> {
    const email = this.email.trim()
    if (!isValidEmail(email)) return runInAction(() => void (this.error = 'email.invalid'))
    if (this.tooSoon()) return
    runInAction(() => {
      this.step = 'sending'
      this.error = undefined
    })
    try {
      const { action: next } = await this.deps.auth().connectEmail({ email, locale: this.deps.locale?.() })
      runInAction(() => {
        this.sentAt = this.now()
        this.deps.storage?.set('lastEmailLoginTime', this.sentAt)
        this.step = next === 'VERIFY_DEVICE' ? 'verifyDevice' : 'verifyOtp'
      })
      if (next === 'VERIFY_DEVICE') {
        await this.deps.auth().connectDevice()
        runInAction(() => (this.step = 'verifyOtp'))
      }
    } catch (error) {
      return this.fail(error, this.step === 'verifyDevice' ? 'verifyDevice' : 'enterEmail')
    }
    void this.awaitCode()
  }

  /** Asks for a new code: refused within 30 s of the last, with the seconds left. */
  async resend(): Promise<void> {
    if (this.tooSoon()) return
    try {
      await this.deps.auth().connectEmail({ email: this.email.trim(), locale: this.deps.locale?.() })
      runInAction(() => {
        this.sentAt = this.now()
        this.error = undefined
      })
    } catch (error) {
      return this.fail(error, 'verifyOtp')
    }
    // The frame's pending wait belonged to the old code: wait afresh (a wait that ended on an error is restarted too).
    void this.awaitCode()
  }

  /**
   * Waits for the code typed in the secure field (issue 26: the page never sees it), then
   * connects; a refused code shows its error and the wait goes on.
   */
  private async awaitCode(): Promise<void> {
    const round = ++this.round
    const current = () => round === this.round && this.step === 'verifyOtp'
    try {
      const accepted = await awaitFieldCode(async () => (await this.deps.auth().connectOtp(), true), {
        current,
        onRefused: (refusal) => runInAction(() => (this.error = refusal)),
      })
      if (!accepted) return
      runInAction(() => {
        this.step = 'connecting'
        this.error = undefined
      })
      await this.deps.connect()
      runInAction(() => {
        this.step = 'enterEmail'
        this.sentAt = undefined
      })
      this.deps.onConnected()
    } catch (error) {
      if (round === this.round) this.fail(error, 'verifyOtp')
    }
  }

  private tooSoon(): boolean {
    if (this.sentAt === undefined) return false
    const left = Math.ceil((this.sentAt + RESEND_WAIT_MS - this.now()) / 1000)
    if (left <= 0) return false
    runInAction(() => (this.error = { key: 'email.resendWait', values: { seconds: left } }))
    return true
  }

  private fail(error: unknown, step: EmailStep): void {
    runInAction(() => {
      this.error = refusalText(error)
      this.step = step
    })
  }

  private now(): number {
    return (this.deps.now ?? Date.now)()
  }
}
