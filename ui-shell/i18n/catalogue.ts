import type { Catalogue, CatalogueLoader } from './I18nStore.js'
import type { Messages } from './formatMessage.js'

/** The locales Latch's own catalogues have files for besides English (docs/i18n.md). */
export const SHIPPED_LOCALES = ['ar', 'de', 'es', 'fa', 'fr', 'he', 'hi', 'id', 'it', 'ja', 'ko', 'pl', 'pt-BR', 'ru', 'th', 'tr', 'uk', 'vi', 'zh-CN', 'zh-TW'] as const

/**
 * A catalogue from its English messages and a loader of its other locales' files:
 * `catalogue(en, (locale) => import(`../locales/${locale}.json`))`, written beside the files so
 * the bundler (rollup's dynamic-import-vars, vite, esbuild) makes each one a chunk of its own. The
 * path climbs out and back in because dynamic-import-vars refuses a bare `./${…}` pattern.
 *
 * @param locales - the locales the folder has files for; a third-party plugin names its own
 */
export function catalogue(en: Messages, load: (locale: string) => Promise<{ default: Messages }>, locales: readonly string[] = SHIPPED_LOCALES): Catalogue {
  const loaders: Record<string, CatalogueLoader> = Object.fromEntries(locales.map((locale) => [locale, () => load(locale)]))
  return { ...loaders, en }
}
