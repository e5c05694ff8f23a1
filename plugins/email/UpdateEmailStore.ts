import { action, makeObservable, observable, runInAction } from 'mobx'
import { isValidEmail } from './EmailLoginStore.js'
import { FrameRequestTimeoutError } from '../../chains/auth/errors.js'
import { awaitFieldCode } from './awaitFieldCode.js'
import { refusalText } from './refusalText.js'
import type { StoreText } from '../../ui-shell/i18n/I18nStore.js'

/** SPEC §4 email change: the new address, the current address's code, the new one's (both typed in the secure field), then the wait. */
export type UpdateEmailStep = 'enterEmail' | 'primaryOtp' | 'secondaryOtp' | 'waiting'

/** The embedded wallet's email-change operations (SPEC §7). */
export interface EmailChange {
  updateEmail(params: { email: string }): Promise<unknown>
  /** Waits for the current address's code in the secure site's field; rejects with the frame's refusal. */
  updateEmailPrimaryOtp(): Promise<unknown>
  /** Waits for the new address's code in the secure site's field. */
  updateEmailSecondaryOtp(): Promise<{ newEmail: string }>
  /** The address the secure site has now (GET_USER). */
  readEmail(): Promise<string | undefined>
}

export interface UpdateEmailDeps {
  auth(): EmailChange
  onUpdated(email: string): void
  /** The secure site's code field for the wallet's frame (issue 26), themed like the modal. */
  codeFieldUrl(): string
  /** SPEC §4: the new address is polled every second until the secure site reports it. */
  pollMs?: number
  /** How long the poll goes on before giving up. */
  pollLimitMs?: number
}

/**
 * UpdateEmailWallet's state: a code to the current address, then one to the new address (each
 * typed in the secure site's field, which the page never reads: the store waits for the frame's
 * verdict), then the wait (polled every second) until the secure site reports the new address.
 */
export class UpdateEmailStore {
  step: UpdateEmailStep = 'enterEmail'
  newEmail = ''
  error: StoreText | undefined = undefined
  busy = false
  private attempt = 0

  constructor(private readonly deps: UpdateEmailDeps) {
    makeObservable(this, { step: observable, newEmail: observable, error: observable, busy: observable, setNewEmail: action, reset: action })
  }

  /** Where the view's secure code field loads from. */
  codeFieldUrl(): string {
    return this.deps.codeFieldUrl()
  }

  setNewEmail(email: string): void {
    this.newEmail = email
    this.error = undefined
  }

  reset(): void {
    // Ends an attempt still running (the view left while waiting): it changes nothing after this.
    this.attempt++
    this.step = 'enterEmail'
    this.newEmail = ''
    this.error = undefined
    this.busy = false
  }

  async submitEmail(): Promise<void> {
    const email = this.newEmail.trim().toLowerCase()
    if (!isValidEmail(email)) return runInAction(() => void (this.error = 'email.invalid'))
    let sent = false
    await this.run(async () => {
      await this.deps.auth().updateEmail({ email })
      runInAction(() => {
        // From here on the view names the address the code goes to, as it was sent.
        this.newEmail = email
        this.step = 'primaryOtp'
      })
      sent = true
    })
    if (sent) await this.awaitCodes()
  }

  /** Waits for both codes in the secure field, in turn, then for the new address; refusals show and the wait goes on. */
  private async awaitCodes(): Promise<void> {
    const attempt = this.attempt
    const waitIn = (step: UpdateEmailStep) => ({
      current: () => attempt === this.attempt && this.step === step,
      onRefused: (refusal: StoreText) => runInAction(() => (this.error = refusal)),
    })
    try {
      const primary = await awaitFieldCode(async () => (await this.deps.auth().updateEmailPrimaryOtp(), true), waitIn('primaryOtp'))
      if (!primary) return
      runInAction(() => {
        this.step = 'secondaryOtp'
        this.error = undefined
      })
      const secondary = await awaitFieldCode(() => this.deps.auth().updateEmailSecondaryOtp(), waitIn('secondaryOtp'))
      if (!secondary) return
      runInAction(() => {
        this.step = 'waiting'
        this.error = undefined
      })
      await this.run(async () => {
        try {
          if (!(await this.waitFor(secondary.newEmail, attempt))) return
        } catch (error) {
          // Back to the new address, the error under it, to start the change again: not a spinner forever.
          runInAction(() => (this.step = 'enterEmail'))
          throw error
        }
        this.deps.onUpdated(secondary.newEmail)
        this.reset()
      })
    } catch (error) {
      // The frame or its session is gone: back to the new address, with the reason.
      if (attempt !== this.attempt) return
      runInAction(() => {
        this.step = 'enterEmail'
        this.error = refusalText(error)
      })
    }
  }

  /** Polls until the secure site reports `email`; false once the attempt was reset. */
  private async waitFor(email: string, attempt: number): Promise<boolean> {
    const deadline = Date.now() + (this.deps.pollLimitMs ?? 30_000)
    while ((await this.deps.auth().readEmail()) !== email) {
      if (attempt !== this.attempt) return false
      // The frame confirmed the change but never shows the new address: as a request that timed out.
      if (Date.now() > deadline) throw new FrameRequestTimeoutError()
      await new Promise((resolve) => setTimeout(resolve, this.deps.pollMs ?? 1_000))
    }
    return attempt === this.attempt
  }

  private async run(work: () => Promise<void>): Promise<void> {
    runInAction(() => {
      this.busy = true
      this.error = undefined
    })
    try {
      await work()
    } catch (error) {
      runInAction(() => (this.error = refusalText(error)))
    } finally {
      runInAction(() => (this.busy = false))
    }
  }
}
