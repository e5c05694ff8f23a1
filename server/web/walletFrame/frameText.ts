import { formatMessage, type Messages, type MessageValues } from '../../../ui-shell/i18n/formatMessage.js'
import { shippedLocaleOf } from '../../../ui-shell/i18n/shippedLocaleOf.js'
import { isRtlLocale } from '../../../ui-shell/i18n/rtlLocales.js'
import { FRAME_LOCALES_PATH } from '../../../chains/auth/frameLocaleParam.js'
import en from './locales/en.json'

export { LOCALE_PARAM } from '../../../chains/auth/frameLocaleParam.js'

// The secure site's own words (frame, approval and passkey cards), from its catalogue
// (./locales/<locale>.json, ICU compiled by scripts/icuCatalogues.mjs). English is in the bundle;
// another locale (and the pseudo-locale, en-XA) is fetched once, at start, from FRAME_LOCALES_PATH:
// the frame ships no other language's text. A new string is one key in en.json; a locale that lacks it shows the English.

const english = en as unknown as Messages
let locale = 'en'
let messages: Messages = english
/** What shows on screen says itself again here when the locale changes (an open card, SYNC_LOCALE). */
const speakers = new Set<() => void>()

/**
 * A locale the secure site has a catalogue for, from what a page sent: the pseudo-locale, or the
 * first shipped locale the asked one reads ('ar-EG' reads 'ar', 'zh-Hant' 'zh-TW'), else English.
 * Only a listed name is ever fetched: a page's text never names a file on its own.
 *
 * @example frameLocale('pt') // 'pt-BR'
 */
export function frameLocale(asked: string | null | undefined): string {
  return (asked && shippedLocaleOf(asked)) || 'en'
}

/**
 * Switches the secure site's words to `asked` (validated by `frameLocale`) and marks the
 * document's language and direction. English if its messages cannot be fetched.
 */
export async function useFrameLocale(asked: string | null | undefined, titleKey: keyof typeof en = 'frame.title', root: HTMLElement = document.documentElement): Promise<void> {
  const chosen = frameLocale(asked)
  let next = english
  if (chosen !== 'en') {
    try {
      const response = await fetch(`${FRAME_LOCALES_PATH}${chosen}.json`, { credentials: 'omit' })
      if (!response.ok) return
      next = { ...english, ...((await response.json()) as Messages) }
    } catch {
      return
    }
  }
  messages = next
  locale = chosen
  root.lang = chosen
  root.dir = isRtlLocale(chosen) ? 'rtl' : 'ltr'
  document.title = t(titleKey)
  for (const speak of speakers) speak()
}

/**
 * Writes an open card's words now and again after each locale change, until the returned stop is
 * called (the card closed).
 */
export function speakWhileOpen(speak: () => void): () => void {
  speak()
  speakers.add(speak)
  return () => void speakers.delete(speak)
}

/** The current locale ('en' until `useFrameLocale` chose another). */
export const currentFrameLocale = () => locale

/** The message `key` in the secure site's locale, its `{arguments}` from `values`. */
export function t(key: keyof typeof en, values?: MessageValues): string {
  const message = messages[key] ?? english[key]
  return message === undefined ? key : formatMessage(message, values, locale)
}
