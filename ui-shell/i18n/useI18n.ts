import { useKit } from '../react/KitContext.js'
import { I18nStoreToken } from './i18nToken.js'
import type { I18nStore } from './I18nStore.js'

/**
 * The kit's message formatter for a view: `t('connect.title')`, `t('send.max', { amount })`.
 * Read inside an `observer` view, so the view renders again when the locale changes.
 */
export function useI18n(): I18nStore {
  return useKit().resolve(I18nStoreToken)
}
