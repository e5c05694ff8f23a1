import { definePlugin, NavigationPolicyToken, ViewRegistryToken, type KitOptions } from '../kernel/index.js'
import { createNavigationPolicy } from './navigation/createNavigationPolicy.js'
import { ConnectView } from './views/ConnectView.js'
import { mountModal } from './modal/mountModal.js'
import { ThemeStore, ThemeStoreToken } from './theme/ThemeStore.js'

/** The shell's own options, read from the kit's options. */
export interface ShellOptions extends KitOptions {
  /** Render the modal inline (SPEC §2 embedded mode). */
  embedded?: boolean
  /** Set false to keep the modal out of the DOM (server rendering, headless tests). */
  mountModal?: boolean
}

/**
 * The shell as a plugin: it registers the core views and SPEC §2's navigation rules, and
 * mounts the modal. `createKit` from the package root adds it first.
 */
export const shell = (options: ShellOptions) =>
  definePlugin({
    id: 'shell',
    setup(ctx) {
      const views = ctx.resolve(ViewRegistryToken)
      ctx.provide(
        NavigationPolicyToken,
        createNavigationPolicy({
          kit: ctx.kit,
          views,
          embedded: options.embedded === true,
          isMobile: () => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches,
        }),
      )
      const theme = ctx.registerStore(ThemeStoreToken, new ThemeStore(options.themeMode ?? 'dark', options.themeVariables))
      ctx.contributeState('themeMode', () => theme.mode)
      ctx.registerView({ name: 'Connect', title: 'Connect Wallet', component: ConnectView })
      if (typeof document !== 'undefined' && options.mountModal !== false) {
        ctx.onClose(
          mountModal(ctx.kit, {
            theme,
            debug: options.debug === true,
          }),
        )
      }
    },
  })
