import { reaction } from 'mobx'
import { FeatureStoreToken, ViewRegistryToken, ViewStackToken, type PluginContext } from '../../kernel/index.js'
import { ApiClientToken, assetImageUrl, ConnectMethodsToken, fillSlot, isMobile, lazyView, registerMessages, whileFeatureOn } from '../../ui-shell/plugin.js'
import { ConnectionStoreToken, ConnectorRegistryToken } from '../connectors/index.js'
import { WalletCatalogStore } from './catalog/WalletCatalogStore.js'
import type { WalletPage, WalletQuery } from './catalog/WalletListing.js'
import { walletImageUrl } from './catalog/walletImageUrl.js'
import { ConnectFlowStoreToken, ConnectWalletsStoreToken, LegalConsentStoreToken, WalletCatalogStoreToken } from './connectTokens.js'
import { ConnectFlowStore } from './stores/ConnectFlowStore.js'
import { ConnectWalletsStore } from './stores/ConnectWalletsStore.js'
import { LegalConsentStore } from './stores/LegalConsentStore.js'
// Static: Connect is the view of the first click, so it comes with the plugin, not on demand.
import { ConnectView } from './views/ConnectView.js'
import { WalletList } from './views/WalletList.js'
import { ALL_WALLETS_STYLES, CONNECT_STYLES } from './views/connectStyles.js'
import { registerConnectingViews } from './views/connecting/registerConnectingViews.js'
import { CONNECT_MESSAGES } from './locales/connectMessages.js'
import './connectViewData.js'
import './connectEvents.js'

/**
 * The connect plugin's code, in its own chunk: the connection flow's stores, the Connect view
 * with the wallet list as its 'wallet' method, the connecting views, and AllWallets when the
 * host configured a catalogue. Once an attempt connects, the modal closes.
 */
export default function setupConnect(ctx: PluginContext): void {
  const connection = ctx.resolve(ConnectionStoreToken)
  const registry = ctx.resolve(ConnectorRegistryToken)
  const api = ctx.resolve(ApiClientToken)
  const features = ctx.resolve(FeatureStoreToken)
  const { options } = ctx
  const fetchWallets = api ? (query: WalletQuery, signal?: AbortSignal) => api.get<WalletPage>('/getWallets', { query: { ...query }, signal }) : undefined
  // SPEC §7's `chains`, as AppKit sends it: recommended wallets, pages and search list only wallets
  // for the host's networks; the host's featured wallets are its own pick, asked for by id alone.
  const chains = connection.networks.map((network) => network.caipNetworkId)

  const flow = ctx.registerStore(ConnectFlowStoreToken, new ConnectFlowStore({ connection, views: ctx.resolve(ViewStackToken) }))
  const methods = ctx.resolve(ConnectMethodsToken)
  const wallets = ctx.registerStore(
    ConnectWalletsStoreToken,
    new ConnectWalletsStore({
      connectors: () => registry.list(),
      recent: () => connection.recentWallets,
      fetchWallets,
      walletImageUrl: (wallet) => walletImageUrl(wallet, api),
      assetImageUrl: api ? (imageId) => assetImageUrl(api, imageId) : undefined,
      chains,
      featuredIds: options.featuredWalletIds,
      custom: options.customWallets,
      excludedIds: options.excludeWalletIds,
      isMobile,
      order: options.features?.connectorTypeOrder,
      connectMethods: () => methods.sorted,
      methodsOrder: options.features?.connectMethodsOrder,
    }),
  )
  ctx.registerStore(LegalConsentStoreToken, new LegalConsentStore(() => features.isOn('legalCheckbox'), options))

  registerMessages(ctx, CONNECT_MESSAGES)
  ctx.registerView({ name: 'Connect', title: 'connect.title', component: ConnectView, styles: CONNECT_STYLES })
  fillSlot(ctx, ConnectMethodsToken, { id: 'wallet', component: WalletList, hasInstalledWallet: () => wallets.hasInstalledWallet })
  if (fetchWallets) registerCatalogue(ctx, fetchWallets, chains)
  registerConnectingViews(ctx, { flow, registry })

  // Once connected the modal closes, however the attempt started (a sign-in plugin may
  // reopen it for its own view).
  ctx.onClose(
    reaction(
      () => flow.status === 'connected',
      (connected) => {
        if (connected) ctx.kit.close()
      },
    ),
  )
  // Each failed attempt is a fact on the bus (analytics report it as CONNECT_ERROR).
  ctx.onClose(
    reaction(
      () => flow.failures,
      () => {
        const { connectorId, namespace, error } = flow
        if (!connectorId || !error) return
        ctx.emit('connect:failed', { connectorId, connectorType: registry.get(connectorId, namespace)?.type, error })
      },
    ),
  )
}

/** The AllWallets view and its store: the store while a catalogue is configured, the view while `allWallets` is on. */
function registerCatalogue(ctx: PluginContext, fetchPage: (query: WalletQuery, signal?: AbortSignal) => Promise<WalletPage>, chains: readonly string[]): void {
  ctx.registerStore(WalletCatalogStoreToken, new WalletCatalogStore({ fetchPage, exclude: () => ctx.options.excludeWalletIds ?? [], chains: () => chains }))
  const views = ctx.resolve(ViewRegistryToken)
  // One definition, registered again each time the flag comes back on.
  const allWallets = { name: 'AllWallets', title: 'allWallets.title', component: lazyView(() => import('./views/AllWalletsView.js'), 'AllWalletsView'), styles: ALL_WALLETS_STYLES }
  whileFeatureOn(ctx, 'allWallets', () => views.register(allWallets))
}
