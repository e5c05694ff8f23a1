import type { PluginContext } from '../../kernel/index.js'
import { I18nStoreToken } from './i18nToken.js'
import type { Catalogue } from './I18nStore.js'

/**
 * Adds a plugin's message catalogue to the kit: its English messages at once, the current
 * locale's fetched now and each other locale's when the visitor switches to it.
 *
 * @example
 * import en from './locales/en.json'
 * registerMessages(ctx, { en, ar: () => import('./locales/ar.json') })
 */
export function registerMessages(ctx: PluginContext, catalogue: Catalogue): void {
  ctx.onClose(ctx.resolve(I18nStoreToken).register(catalogue))
}
