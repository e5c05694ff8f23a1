import {
  definePlugin,
  NavigationPolicyToken,
  ViewRegistryToken,
  type KitOptions,
  type PluginContext,
} from '../kernel/index.js'
import { createNavigationPolicy } from './navigation/createNavigationPolicy.js'
import { ConnectView } from './views/ConnectView.js'
import { lazyView } from './lazyView.js'
import { mountModal } from './modal/mountModal.js'
import { ThemeStore, ThemeStoreToken } from './theme/ThemeStore.js'
import { SnackbarStore } from './stores/SnackbarStore.js'
import { WalletCatalogStore } from './catalog/WalletCatalogStore.js'
import type { WalletPage } from './catalog/WalletListing.js'
import { ConnectFlowStoreToken, SnackbarStoreToken, WalletCatalogStoreToken } from './tokens.js'
import { ConnectFlowStore } from './connect/ConnectFlowStore.js'
import { ConnectionStoreToken } from '../plugins/connectors/ConnectionStoreToken.js'
import { registerConnectingViews, type ConnectViewOptions } from './views/connecting/registerConnectingViews.js'
import { registerAccountViews } from './views/account/registerAccountViews.js'
import './events.js'
import { registerFeatureView } from './registerFeatureView.js'

/** The shell's own options, read from the kit's options. */
export interface ShellOptions extends KitOptions, ConnectViewOptions {
  /** Render the modal inline (SPEC §2 embedded mode). */
  embedded?: boolean
  /** Set false to keep the modal out of the DOM (server rendering, headless tests). */
  mountModal?: boolean
  /** Catalogue wallet ids never to show (SPEC §5). */
  excludeWalletIds?: string[]
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
      ctx.registerStore(SnackbarStoreToken, new SnackbarStore())
      ctx.registerView({ name: 'Connect', title: 'Connect Wallet', component: ConnectView })
      registerCatalogue(ctx, options)
      const flow = ctx.registerStore(
        ConnectFlowStoreToken,
        new ConnectFlowStore(() => (ctx.isProvided(ConnectionStoreToken) ? ctx.resolve(ConnectionStoreToken) : undefined)),
      )
      // Picking a connector connects with it; once connected the modal closes (see
      // registerConnectingViews), as the incumbent does.
      ctx.on('connector:selected', ({ id, chain }) => void flow.start(id, chain))
      registerConnectingViews(ctx)
      registerAccountViews(ctx)
      if (typeof document !== 'undefined' && options.mountModal !== false) {
        ctx.onClose(mountModal(ctx.kit, { theme, debug: options.debug === true }))
      }
    },
  })

/** The AllWallets view and its store, present while the `allWallets` feature is on and a catalogue is configured. */
function registerCatalogue(ctx: PluginContext, options: ShellOptions): void {
  const api = ctx.api
  if (!api) return
  ctx.registerStore(
    WalletCatalogStoreToken,
    new WalletCatalogStore({
      fetchPage: (query, signal) => api.get<WalletPage>('/getWallets', { query: { ...query }, signal }),
      exclude: () => options.excludeWalletIds ?? [],
    }),
  )
  registerFeatureView(ctx, 'allWallets', { name: 'AllWallets', title: 'All Wallets', component: lazyView(() => import('./views/AllWalletsView.js'), 'AllWalletsView') })
}
