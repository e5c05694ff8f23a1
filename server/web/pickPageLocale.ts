import { SHIPPED_LOCALES } from '../../ui-shell/i18n/catalogue.js'
import { localeCandidates } from '../../ui-shell/i18n/localeCandidates.js'

/** The pseudo-locale tests read pages in: English accented, longer and bracketed. */
export const PSEUDO_LOCALE = 'en-XA'

/**
 * The first of `asked`, most wanted first, that a page of ours has a catalogue for: English, a
 * shipped locale ('pt' reads 'pt-BR', 'zh-Hant' 'zh-TW') or the pseudo-locale; else English.
 * Shared by the secure site's server-rendered pages and the admin page.
 *
 * @example pickPageLocale(['tlh', 'fr-CA']) // 'fr'
 */
export function pickPageLocale(asked: readonly string[]): string {
  const shipped = SHIPPED_LOCALES as readonly string[]
  for (const wanted of asked) {
    if (wanted === PSEUDO_LOCALE) return wanted
    const found = wanted.length <= 35 ? localeCandidates(wanted).find((candidate) => candidate === 'en' || shipped.includes(candidate)) : undefined
    if (found) return found
  }
  return 'en'
}
