import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { SHIPPED_LOCALES } from '../../ui-shell/i18n/catalogue.js'
import { pseudoLocalize } from '../../ui-shell/i18n/pseudoLocalize.js'
import type { Message } from '../../ui-shell/i18n/formatMessage.js'

/** The pseudo-locale tests run in: English accented, longer, bracketed, made here from en.json. */
const PSEUDO_LOCALE = 'en-XA'

const compiled = new Map<string, Promise<string>>()

/**
 * A shipped locale's messages for the frame and the approval window (server/web/walletFrame/
 * locales), compiled from ICU once per process as the kit's build compiles its own, so no parser
 * ships to the frame; the pseudo-locale is English made pseudo here, so its code does not ship
 * either. Undefined for any other name: the path is never built from a request.
 *
 * @param locale - 'en', 'ar', 'pt-BR', … (SHIPPED_LOCALES) or 'en-XA'
 * @returns the compiled messages as JSON text
 */
export function frameLocaleMessages(locale: string): Promise<string> | undefined {
  if (locale !== PSEUDO_LOCALE && locale !== 'en' && !(SHIPPED_LOCALES as readonly string[]).includes(locale)) return undefined
  let pending = compiled.get(locale)
  if (!pending) {
    pending = (async () => {
      // The ICU parser is a devDependency, like esbuild for the page itself: loaded on first use.
      const { compileMessage } = await import('../../scripts/icuCatalogues.mjs')
      const pseudo = locale === PSEUDO_LOCALE
      const file = fileURLToPath(new URL(`../web/walletFrame/locales/${pseudo ? 'en' : locale}.json`, import.meta.url))
      const messages = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>
      const compile = (message: string) => compileMessage(message) as Message
      return JSON.stringify(Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, pseudo ? pseudoLocalize(compile(message)) : compile(message)])))
    })()
    pending.catch(() => compiled.delete(locale))
    compiled.set(locale, pending)
  }
  return pending
}
