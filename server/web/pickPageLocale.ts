import { shippedLocaleOf } from '../../ui-shell/i18n/shippedLocaleOf.js'

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
  for (const wanted of asked) {
    const found = shippedLocaleOf(wanted)
    if (found) return found
  }
  return 'en'
}
