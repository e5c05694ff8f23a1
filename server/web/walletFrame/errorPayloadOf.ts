import { KitError } from '../../../kernel/errors/base.js'
import type { FrameErrorPayload } from '../../../chains/auth/frameProtocol.js'
import { SecureSiteApiError } from './errors.js'

/**
 * What the frame tells the page about a failed request: the sentence to show, and the most precise
 * code it has (the server's reply code when the server refused, else the frame's own), so the kit
 * maps it to its catalogue without reading sentences, with the numbers the sentence holds. Nothing else of the error leaves the frame.
 */
export function errorPayloadOf(error: unknown): FrameErrorPayload {
  if (!(error instanceof KitError)) return { message: 'Something went wrong' }
  if (!(error instanceof SecureSiteApiError && error.replyCode)) return { message: error.shortMessage, code: error.code }
  return { message: error.shortMessage, code: error.replyCode, ...(error.values ? { values: error.values } : {}) }
}
