import { FrameRequestError } from '../../chains/auth/errors.js'
import type { RefusalValues } from '../../chains/auth/refusalValues.js'
import { toKitError } from '../../kernel/index.js'
import type { StoreText } from '../../ui-shell/i18n/I18nStore.js'

/** The secure site's refusals a visitor meets while logging in by email, each with its message and the number it needs. */
const REFUSALS: Record<string, { key: string; needs?: keyof RefusalValues }> = {
  INVALID_CODE: { key: 'email.wrongCode', needs: 'triesLeft' },
  LOGIN_LOCKED: { key: 'email.locked', needs: 'minutes' },
  CODE_EXPIRED: { key: 'email.codeExpired' },
  NO_CODE: { key: 'email.noCode' },
  RESEND_TOO_SOON: { key: 'email.resendWait', needs: 'seconds' },
  MAIL_LIMIT_REACHED: { key: 'email.mailLimit', needs: 'minutes' },
}

/**
 * What the modal says of a failed email-login step: a refusal the secure site explained (its reply
 * code and numbers, passed on by the frame) in the visitor's language; anything else as its error
 * (SPEC §8's English text unless a catalogue translates its code).
 *
 * @example refusalText(new FrameRequestError('Invalid code: 4 tries left', { frameCode: 'INVALID_CODE', values: { triesLeft: 4 } }))
 * // { key: 'email.wrongCode', values: { triesLeft: 4 } }
 */
export function refusalText(error: unknown): StoreText {
  const refusal = error instanceof FrameRequestError && error.frameCode ? REFUSALS[error.frameCode] : undefined
  if (!refusal) return toKitError(error)
  const values = (error as FrameRequestError).values ?? {}
  // A server that sent the sentence without its number: its English sentence is better than a hole.
  if (refusal.needs && values[refusal.needs] === undefined) return toKitError(error)
  return { key: refusal.key, values: { ...values } }
}
