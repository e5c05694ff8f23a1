import type { Catalogue } from './I18nStore.js'
import type { Message, Messages } from './formatMessage.js'
import { localeCandidates } from './localeCandidates.js'
import { PSEUDO_LOCALE as PSEUDO } from './pseudoLocale.js'

/** A catalogue's messages for one locale, and the pseudo-localizer when the locale is the pseudo-locale. */
export interface LoadedMessages {
  /** The catalogue locale they are ('ar' for 'ar-EG'). */
  table: string
  messages: Messages
  pseudo?: (message: Message) => Message
}

/**
 * A catalogue's messages for a locale other than English: its file for the first of the
 * locale's candidates it has, fetched on use, or its English made pseudo. A chunk of its own,
 * fetched with the first locale other than English: a page in English never loads it.
 *
 * @returns nothing when the catalogue has only English for the locale
 */
export async function loadCatalogue(catalogue: Catalogue, locale: string): Promise<LoadedMessages | undefined> {
  if (locale === PSEUDO) {
    const { pseudoLocalize } = await import('./pseudoLocalize.js')
    const messages = Object.fromEntries(Object.entries(catalogue.en).map(([key, message]) => [key, pseudoLocalize(message)]))
    return { table: locale, messages, pseudo: pseudoLocalize }
  }
  const found = localeCandidates(locale).find((candidate) => candidate in catalogue)
  const entry = found === undefined ? undefined : catalogue[found]
  if (!entry || entry === catalogue.en) return undefined
  return { table: found!, messages: typeof entry === 'function' ? (await entry()).default : entry }
}
