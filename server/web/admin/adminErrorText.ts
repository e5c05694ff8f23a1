import type { KitError } from '../../../kernel/errors/base.js'
import { AdminOriginInvalidError, AdminRateLimitedError, AdminRequestRefusedError, AdminTokenRejectedError } from './errors.js'
import { t } from './adminText.js'

/** What the page says about a failure: its sentence in the page's locale, and the API's own words when they name the field. */
export interface AdminErrorText {
  text: string
  /** The API's sentence for a refusal the page cannot word itself (`body/name must NOT …`): data, shown in `<bdi>`. */
  apiMessage?: string
}

/**
 * A failure of the admin page in the operator's language, from the page's catalogue. The errors
 * keep their English shortMessage (SPEC §8) for logs and tests; this is what the page shows. A
 * refusal the API worded (a schema check naming the field) keeps the API's words beside ours.
 */
export function adminErrorText(error: KitError): AdminErrorText {
  if (error instanceof AdminTokenRejectedError) return { text: t('error.tokenRejected') }
  if (error instanceof AdminRateLimitedError) return { text: t('error.rateLimited') }
  if (error instanceof AdminOriginInvalidError) {
    const entry = error.entry.trim()
    if (entry === '*') return { text: t('error.originWildcard') }
    return { text: entry === '' ? t('error.originEmpty') : t('error.originInvalid', { entry }) }
  }
  if (error instanceof AdminRequestRefusedError) {
    if (error.replyCode === 'PROJECT_EXISTS') return { text: t('error.projectExists') }
    if (error.replyCode === 'PROJECT_NOT_FOUND') return { text: t('error.projectNotFound') }
    return { text: t('error.requestRefused'), ...(error.apiMessage ? { apiMessage: error.apiMessage } : {}) }
  }
  // AdminServerError, and anything unexpected: the server did not give a usable answer.
  return { text: t('error.serverError') }
}
