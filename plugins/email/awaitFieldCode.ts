import { FrameRequestError, FrameRequestTimeoutError } from '../../chains/auth/errors.js'
import { CODE_NOT_ENTERED_MESSAGE } from '../../chains/auth/frameProtocol.js'
import type { StoreText } from '../../ui-shell/i18n/I18nStore.js'
import { refusalText } from './refusalText.js'

/** Refusals in a row after which the kit stops asking (the secure site locks the login long before). */
const MAX_REFUSALS = 20

export interface AwaitFieldCodeOptions {
  /** False once the view left or started over: the wait ends quietly. */
  current(): boolean
  /** The frame refused the typed code (wrong, expired, locked): shown in the modal while the kit waits again. */
  onRefused(refusal: StoreText): void
}

/**
 * Issue 26: the visitor types the code in the secure site's field, never in the page, so the
 * kit can only wait for the frame's verdict on it. `ask` is one wait (CONNECT_OTP and the email
 * change's two); after a refusal or a wait with nothing typed, it asks again.
 *
 * @returns the accepted code's result, or undefined once no longer `current`
 * @throws what the frame or the channel answered when it is not about the code (frame gone, session expired)
 */
export async function awaitFieldCode<T>(ask: () => Promise<T>, { current, onRefused }: AwaitFieldCodeOptions): Promise<T | undefined> {
  for (let refusals = 0; ; ) {
    try {
      const result = await ask()
      return current() ? result : undefined
    } catch (error) {
      if (!current()) return undefined
      const idle = error instanceof FrameRequestTimeoutError || (error instanceof FrameRequestError && error.shortMessage === CODE_NOT_ENTERED_MESSAGE)
      if (idle) continue
      if (!(error instanceof FrameRequestError) || ++refusals >= MAX_REFUSALS) throw error
      onRefused(refusalText(error))
    }
  }
}
