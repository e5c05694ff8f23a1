import { formatMessage, type Message, type MessageValues } from '../../ui-shell/i18n/formatMessage.js'
import { pickPageLocale } from '../web/pickPageLocale.js'
import { frameLocaleMessages, type PageCatalogue } from './frameLocales.js'

const RTL = ['ar', 'he', 'fa']

/** The secure site's words for a page it renders itself, in one locale. */
export interface PageText {
  locale: string
  dir: 'ltr' | 'rtl'
  /** The message `key`, its `{arguments}` from `values`, escaped for HTML. */
  t(key: string, values?: MessageValues): string
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** 'de-CH,de;q=0.9,en;q=0.5' → ['de-CH', 'de', 'en'], most wanted first. */
function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .slice(0, 500)
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = Number(params.find((param) => param.trim().startsWith('q='))?.trim().slice(2) ?? 1)
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0 }
    })
    .filter(({ tag, q }) => tag !== '' && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q)
    .map(({ tag }) => tag)
}

/**
 * The locale a page answers in: the one the link or the kit named (`locale` query parameter),
 * else the browser's first language the secure site ships (Accept-Language), else English.
 * 'ar-EG' reads 'ar', 'zh-Hant' 'zh-TW'; 'en-XA' is the pseudo-locale tests read.
 *
 * @example pageLocale('pt', undefined) // 'pt-BR'
 */
export function pageLocale(asked: string | undefined, acceptLanguage: string | undefined): string {
  return pickPageLocale([...(asked ? [asked] : []), ...acceptedLanguages(acceptLanguage)])
}

/**
 * The words of a page the secure site renders on the server (the device-approval page, its
 * notices), from the frame's catalogue (server/web/walletFrame/locales), in `locale`; a key the
 * locale lacks reads English. The admin page's HTML (its title, its `<noscript>`) reads the admin catalogue.
 *
 * @param locale - from `pageLocale`
 * @param catalogue - the secure site's (default) or the admin page's
 */
export async function pageText(locale: string, catalogue: PageCatalogue = 'walletFrame'): Promise<PageText> {
  const english = JSON.parse((await frameLocaleMessages('en', catalogue))!) as Record<string, Message>
  const own = locale === 'en' ? english : { ...english, ...(JSON.parse((await frameLocaleMessages(locale, catalogue)) ?? '{}') as Record<string, Message>) }
  return {
    locale,
    dir: RTL.includes(locale) ? 'rtl' : 'ltr',
    t: (key, values) => {
      const message = own[key]
      if (message === undefined) throw new Error(`No ${catalogue} message ${key}`)
      return escapeHtml(formatMessage(message, values, locale))
    },
  }
}
