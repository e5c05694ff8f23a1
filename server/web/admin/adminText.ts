import { formatMessage, type Messages, type MessageValues } from '../../../ui-shell/i18n/formatMessage.js'
import { pickPageLocale } from '../pickPageLocale.js'
import en from './locales/en.json'

// The admin page's words, from its catalogue (./locales/<locale>.json, ICU compiled by
// scripts/icuCatalogues.mjs). English is in the bundle; another locale (and the pseudo-locale,
// en-XA) is fetched once, before the page renders, from /admin/locales/ (served like the secure
// site's frame-locales). The page's `?locale=` names it, else the browser's languages choose.

const RTL = ['ar', 'he', 'fa']
/** Where the server serves the admin page's compiled messages: `/admin/locales/de.json`. */
export const ADMIN_LOCALES_PATH = '/admin/locales/'

const english = en as unknown as Messages
let locale = 'en'
let messages: Messages = english

/** Switches the page's words to the first locale of `asked` it has, and marks the document's language and direction. English if its messages cannot be fetched. */
export async function useAdminLocale(asked: readonly string[]): Promise<void> {
  let chosen = pickPageLocale(asked)
  if (chosen !== 'en') {
    try {
      const response = await fetch(`${ADMIN_LOCALES_PATH}${chosen}.json`, { credentials: 'omit' })
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      messages = { ...english, ...((await response.json()) as Messages) }
    } catch {
      // The server wrote the page's lang and dir for that locale: they must say English now.
      chosen = 'en'
    }
  }
  locale = chosen
  document.documentElement.lang = chosen
  document.documentElement.dir = RTL.includes(chosen) ? 'rtl' : 'ltr'
  document.title = t('admin.title')
}

/** The admin message `key` in the page's locale, its `{arguments}` from `values`. */
export function t(key: keyof typeof en, values?: MessageValues): string {
  const message = messages[key] ?? english[key]
  return message === undefined ? key : formatMessage(message, values, locale)
}
