import { definePlugin, nextTask, ViewRegistryToken, type KitOptions } from '../kernel/index.js'
import { createModalController } from './navigation/createModalController.js'
import { keepEmbeddedOpen } from './navigation/keepEmbeddedOpen.js'
import { createNavigationPolicy } from './navigation/createNavigationPolicy.js'
import { mountModal } from './modal/mountModal.js'
import { ModalOverlay, ModalOverlayToken } from './modal/ModalOverlay.js'
import { ThemeStore } from './theme/ThemeStore.js'
import { ThemeStoreToken } from './theme/themeStoreToken.js'
import { SnackbarStore } from './stores/SnackbarStore.js'
import { SnackbarStoreToken } from './tokens.js'
import { SlotRegistry } from './slots/SlotRegistry.js'
import { AccountActionsToken, AccountTabsToken, ConnectMethodsToken, StyleSheetsToken } from './slots/slotTokens.js'
import { ProviderRegistry } from './providers/ProviderRegistry.js'
import { ProviderRegistryToken } from './providers/providerRegistryToken.js'
import { I18nStoreToken } from './i18n/i18nToken.js'
import './kitState.js'
import './ShellOptions.js'

/** Whether the visitor is on a touch device (SPEC §2 rule 2 and 'Browser Wallet'). */
export const isMobile = () => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches

/**
 * The shell as a plugin: SPEC §2's navigation rules, the theme and snackbar, the extension
 * points plugins fill (connect methods, Account tabs and actions, stylesheets), and the modal.
 * It names no feature: every view comes from a plugin. Shared, so every plugin sees its tokens;
 * `createKit` from the package root adds it first.
 */
export const shell = (options: KitOptions) => {
  // The language store and the shell's English are a chunk of their own (issue 30: not in the
  // host's initial JS), fetched from createKit on, while the kit reads its remote configuration
  // and the services start, so the shell's setup seldom waits for it.
  const i18nModule = import('./i18n/createShellI18n.js')
  // Handled here too: a kit disposed before the shell's setup never awaits it.
  i18nModule.catch(() => {})
  return definePlugin({
    id: 'shell',
    shared: true,
    async setup(ctx) {
      const embedded = options.embedded === true
      const policy = createNavigationPolicy({ kit: ctx.kit, views: ctx.resolve(ViewRegistryToken), embedded, isMobile })
      const modal = createModalController(ctx, policy)
      const theme = ctx.registerStore(ThemeStoreToken, new ThemeStore(options.themeMode ?? 'dark', options.themeVariables))
      ctx.contributeState('themeMode', () => theme.mode)
      ctx.registerStore(SnackbarStoreToken, new SnackbarStore())
      ctx.provide(ConnectMethodsToken, new SlotRegistry())
      ctx.provide(AccountTabsToken, new SlotRegistry())
      ctx.provide(AccountActionsToken, new SlotRegistry())
      const styleSheets = ctx.registerStore(StyleSheetsToken, new SlotRegistry())
      ctx.provide(ProviderRegistryToken, new ProviderRegistry())
      const overlay = new ModalOverlay()
      ctx.provide(ModalOverlayToken, overlay)
      // Last of the registrations: everything above is there without waiting for the chunk.
      const i18n = ctx.registerStore(I18nStoreToken, (await i18nModule).createShellI18n(options))
      ctx.contributeState('locale', () => i18n.locale)
      if (embedded) keepEmbeddedOpen(ctx, policy, modal)
      if (typeof document !== 'undefined' && options.mountModal !== false) {
        // The modal in a task of its own: its stylesheet and root cost a phone tens of
        // milliseconds, and the button re-renders with the shell's theme and words in this one.
        await nextTask()
        const parent = typeof options.embeddedParent === 'string' ? document.querySelector<HTMLElement>(options.embeddedParent) : options.embeddedParent
        ctx.onClose(mountModal(ctx.kit, { theme, debug: options.debug === true, styleSheets, embedded, parent: parent ?? undefined, overlay }))
      }
    },
  })
}
