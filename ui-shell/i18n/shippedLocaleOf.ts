import { SHIPPED_LOCALES } from './catalogue.js'
import { localeCandidates } from './localeCandidates.js'
import { PSEUDO_LOCALE } from './pseudoLocale.js'

/**
 * The locale whose catalogue a name reads, when Latch ships one: 'en', a shipped locale ('pt'
 * reads 'pt-BR', 'ar-EG' 'ar', 'zh-Hant' 'zh-TW') or the pseudo-locale; undefined for any other
 * name (unknown, a path, too long). The one allow-list of the frame, the code field, the secure
 * site's pages and the admin page: only a name it returns is ever put in a catalogue's URL.
 *
 * @example shippedLocaleOf('fr-CA') // 'fr'
 * @example shippedLocaleOf('../../x') // undefined
 */
export function shippedLocaleOf(asked: string): string | undefined {
  if (asked === PSEUDO_LOCALE) return asked
  if (asked.length > 35) return undefined
  const shipped = SHIPPED_LOCALES as readonly string[]
  return localeCandidates(asked).find((candidate) => candidate === 'en' || shipped.includes(candidate))
}
