import { readdirSync, readFileSync } from 'node:fs'
import { localeCandidates } from '../../ui-shell/i18n/localeCandidates.js'
import { pseudoLocalize } from '../../ui-shell/i18n/pseudoLocalize.js'

/** The pseudo-locale tests read emails in: English accented, longer and bracketed, made from en.json. */
const PSEUDO_LOCALE = 'en-XA'

// The login emails' words in each locale the kit ships (server/mail/locales/<locale>.json, plain
// `{name}` placeholders). Read from disk once, not imported: the test runner compiles imported
// catalogues into the kit's form. A locale without a file, or a key it lacks, reads English.
const DIR = new URL('./locales/', import.meta.url)
const CATALOGUES: ReadonlyMap<string, Readonly<Record<string, string>>> = new Map(
  readdirSync(DIR)
    .filter((file) => file.endsWith('.json'))
    .map((file) => [file.slice(0, -'.json'.length), JSON.parse(readFileSync(new URL(file, DIR), 'utf8')) as Record<string, string>]),
)

/** The catalogue locale an email is written in: 'ar-EG' → 'ar', 'zh-Hant' → 'zh-TW', 'en-XA' as it is, unknown → 'en'. */
export function mailLocale(locale: string | undefined): string {
  if (locale === PSEUDO_LOCALE) return locale
  return (locale && localeCandidates(locale).find((candidate) => CATALOGUES.has(candidate))) ?? 'en'
}

/** One message of the emails in `locale`, its `{name}` placeholders filled. */
export function mailText(locale: string, key: string, values: Readonly<Record<string, string>> = {}): string {
  const english = CATALOGUES.get('en')![key]
  const own = locale === PSEUDO_LOCALE && english !== undefined ? (pseudoLocalize(english) as string) : CATALOGUES.get(locale)?.[key]
  const message = own ?? english
  if (message === undefined) throw new Error(`No email message ${key}`)
  return message.replace(/\{(\w+)\}/g, (all, name: string) => values[name] ?? all)
}
