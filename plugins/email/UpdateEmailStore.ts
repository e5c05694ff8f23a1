import { action, makeObservable, observable, runInAction } from 'mobx'
import { toKitError } from '../../kernel/index.js'
import { isValidEmail } from './EmailLoginStore.js'
import { FrameRequestTimeoutError } from '../../chains/auth/errors.js'

/** SPEC §4 email change: the new address, the current address's code, the new one's, then the wait. */
export type UpdateEmailStep = 'enterEmail' | 'primaryOtp' | 'secondaryOtp' | 'waiting'

/** The embedded wallet's email-change operations (SPEC §7). */
export interface EmailChange {
  updateEmail(params: { email: string }): Promise<unknown>
  updateEmailPrimaryOtp(params: { otp: string }): Promise<unknown>
  updateEmailSecondaryOtp(params: { otp: string }): Promise<{ newEmail: string }>
  /** The address the secure site has now (GET_USER). */
  readEmail(): Promise<string | undefined>
}

export interface UpdateEmailDeps {
  auth(): EmailChange
  onUpdated(email: string): void
  /** SPEC §4: the new address is polled every second until the secure site reports it. */
  pollMs?: number
  /** How long the poll goes on before giving up. */
  pollLimitMs?: number
}

const OTP = /^\d{6}$/

/**
 * UpdateEmailWallet's state: a code to the current address, then one to the new address, then
 * the wait (polled every second) until the secure site reports the new address.
 */
export class UpdateEmailStore {
  step: UpdateEmailStep = 'enterEmail'
  newEmail = ''
  error: string | undefined = undefined
  busy = false
  private attempt = 0

  constructor(private readonly deps: UpdateEmailDeps) {
    makeObservable(this, { step: observable, newEmail: observable, error: observable, busy: observable, setNewEmail: action, reset: action })
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
    if (!isValidEmail(email)) return runInAction(() => void (this.error = 'Enter a valid email address'))
    await this.run(async () => {
      await this.deps.auth().updateEmail({ email })
      runInAction(() => {
        // From here on the view names the address the code goes to, as it was sent.
        this.newEmail = email
        this.step = 'primaryOtp'
      })
    })
  }

  async submitCode(otp: string): Promise<void> {
    const code = otp.trim()
    if (!OTP.test(code)) return runInAction(() => void (this.error = 'Enter the 6-digit code'))
    await this.run(async () => {
      if (this.step === 'primaryOtp') {
        await this.deps.auth().updateEmailPrimaryOtp({ otp: code })
        runInAction(() => (this.step = 'secondaryOtp'))
        return
      }
      const { newEmail } = await this.deps.auth().updateEmailSecondaryOtp({ otp: code })
      runInAction(() => (this.step = 'waiting'))
      const attempt = this.attempt
      try {
        if (!(await this.waitFor(newEmail, attempt))) return
      } catch (error) {
        // Back to the new address, the error under it, to start the change again: not a spinner forever.
        runInAction(() => (this.step = 'enterEmail'))
        throw error
      }
      this.deps.onUpdated(newEmail)
      this.reset()
    })
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
      runInAction(() => (this.error = toKitError(error).shortMessage))
    } finally {
      runInAction(() => (this.busy = false))
    }
  }
}
