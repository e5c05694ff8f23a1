import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { SHIPPED_LOCALES } from '../../ui-shell/i18n/catalogue.js'
import { pseudoLocalize } from '../../ui-shell/i18n/pseudoLocalize.js'
import type { Message } from '../../ui-shell/i18n/formatMessage.js'

/** The pseudo-locale tests run in: English accented, longer, bracketed, made here from en.json. */
const PSEUDO_LOCALE = 'en-XA'

const compiled = new Map<string, Promise<string>>()

/** The folders of server/web whose pages fetch their catalogues from the server: the secure site's (frame, windows, code field, its own pages) and the admin page's. */
export type PageCatalogue = 'walletFrame' | 'admin'

/**
 * A shipped locale's messages for the frame and the approval window (server/web/walletFrame/
 * locales), compiled from ICU once per process as the kit's build compiles its own, so no parser
 * ships to the frame; the pseudo-locale is English made pseudo here, so its code does not ship
 * either. Undefined for any other name: the path is never built from a request.
 *
 * The admin page's (server/web/admin/locales) are served the same way.
 *
 * @param locale - 'en', 'ar', 'pt-BR', … (SHIPPED_LOCALES) or 'en-XA'
 * @param catalogue - whose messages: the secure site's (default) or the admin page's
 * @returns the compiled messages as JSON text
 */
export function frameLocaleMessages(locale: string, catalogue: PageCatalogue = 'walletFrame'): Promise<string> | undefined {
  if (locale !== PSEUDO_LOCALE && locale !== 'en' && !(SHIPPED_LOCALES as readonly string[]).includes(locale)) return undefined
  let pending = compiled.get(`${catalogue}/${locale}`)
  if (!pending) {
    pending = (async () => {
      // The ICU parser is a devDependency, like esbuild for the page itself: loaded on first use.
      const { compileMessage } = await import('../../scripts/icuCatalogues.mjs')
      const pseudo = locale === PSEUDO_LOCALE
      const file = fileURLToPath(new URL(`../web/${catalogue}/locales/${pseudo ? 'en' : locale}.json`, import.meta.url))
      const messages = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>
      const compile = (message: string) => compileMessage(message) as Message
      return JSON.stringify(Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, pseudo ? pseudoLocalize(compile(message)) : compile(message)])))
    })()
    pending.catch(() => compiled.delete(`${catalogue}/${locale}`))
    compiled.set(`${catalogue}/${locale}`, pending)
  }
  return pending
}
