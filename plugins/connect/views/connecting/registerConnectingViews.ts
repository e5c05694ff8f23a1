import { reaction } from 'mobx'
import { ConnectorRegistryToken, FeatureStoreToken, ViewRegistryToken, type PluginContext } from '../../../kernel/index.js'
import type { WalletConnectStore } from '../../../chains/walletconnect/WalletConnectStore.js'
import { ConnectionStoreToken } from '../../../plugins/connectors/ConnectionStoreToken.js'
import type { WalletListing, WalletPage } from '../../catalog/WalletListing.js'
import { walletImageUrl } from '../../catalog/walletImageUrl.js'
import { ConnectWalletsStore } from '../../connect/ConnectWalletsStore.js'
import { LegalConsentStore } from '../../connect/LegalConsentStore.js'
import { WALLET_CONNECT_ID, WalletConnectPairingStore } from '../../connect/WalletConnectPairingStore.js'
import { ConnectWalletsStoreToken, LegalConsentStoreToken, WalletConnectPairingStoreToken } from '../../connect/connectTokens.js'
import { ConnectFlowStoreToken, SnackbarStoreToken } from '../../tokens.js'
import type { ConnectingExternalData } from './ConnectingExternalView.js'
import { lazyView } from '../../lazyView.js'

/** Host options the connect views read (besides `excludeWalletIds`). */
export interface ConnectViewOptions {
  /** Catalogue ids shown in the featured section, in this order. */
  featuredWalletIds?: string[]
  /** The host's own wallets, shown in the custom section. */
  customWallets?: WalletListing[]
  excludeWalletIds?: string[]
  /** Shown by the legal checkbox (http(s) only). */
  termsConditionsUrl?: string
  privacyPolicyUrl?: string
  /** Custom wallet-link schemes (e.g. 'metamask') allowed besides http(s). */
  walletSchemes?: string[]
  /**
   * WalletConnect in manual mode: opening the modal disconnected shows the pairing QR code
   * (ConnectingWalletConnectBasic) on desktop and AllWallets on mobile (SPEC §2 rule 2).
   */
  manualWCControl?: boolean
}

const isMobile = () => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches

/**
 * Registers the connect flow's stores (wallet list, legal checkbox, pairing) and views
 * (ConnectingExternal, ConnectingWalletConnect, ConnectingWalletConnectBasic), and starts a
 * WalletConnect attempt when a catalogue wallet is picked.
 */
export function registerConnectingViews(ctx: PluginContext): void {
  const options = ctx.options as ConnectViewOptions
  const registry = ctx.resolve(ConnectorRegistryToken)
  const views = ctx.resolve(ViewRegistryToken)
  const features = ctx.resolve(FeatureStoreToken)
  const flow = ctx.resolve(ConnectFlowStoreToken)
  const snackbar = ctx.resolve(SnackbarStoreToken)
  const api = ctx.api
  const connection = () => (ctx.isProvided(ConnectionStoreToken) ? ctx.resolve(ConnectionStoreToken) : undefined)

  const wallets = ctx.registerStore(
    ConnectWalletsStoreToken,
    new ConnectWalletsStore({
      connectors: () => registry.list(),
      recent: () => connection()?.recentWallets ?? [],
      fetchWallets: api ? (query, signal) => api.get<WalletPage>('/getWallets', { query: { ...query }, signal }) : undefined,
      walletImageUrl: (wallet) => walletImageUrl(wallet, api),
      featuredIds: options.featuredWalletIds,
      custom: options.customWallets,
      excludedIds: options.excludeWalletIds,
      isMobile,
      emailEnabled: () => views.has('EmailLogin'),
      socialsEnabled: () => views.has('SocialLogin'),
    }),
  )
  ctx.onClose(() => wallets.dispose())
  ctx.registerStore(LegalConsentStoreToken, new LegalConsentStore(() => features.isOn('legalCheckbox'), options))
  ctx.registerStore(
    WalletConnectPairingStoreToken,
    new WalletConnectPairingStore({
      flow,
      pairing: () => (registry.get(WALLET_CONNECT_ID) as { pairing?: WalletConnectStore } | undefined)?.pairing,
      writeText: (text) => navigator.clipboard.writeText(text),
      notify: (message, variant) => (variant === 'success' ? snackbar.showSuccess(message) : snackbar.showError(message)),
      registeredSchemes: options.walletSchemes,
    }),
  )

  ctx.registerView({
    name: 'ConnectingExternal',
    title: (data) => registry.get((data as ConnectingExternalData | undefined)?.connectorId ?? '')?.name ?? 'Connecting',
    component: lazyView(() => import('./ConnectingExternalView.js'), 'ConnectingExternalView'),
  })
  ctx.registerView({
    name: 'ConnectingWalletConnect',
    title: (data) => (data as { wallet?: WalletListing } | undefined)?.wallet?.name ?? 'WalletConnect',
    component: lazyView(() => import('./ConnectingWalletConnectView.js'), 'ConnectingWalletConnectView'),
  })
  ctx.registerView({ name: 'ConnectingWalletConnectBasic', title: 'WalletConnect', component: lazyView(() => import('./ConnectingWalletConnectBasicView.js'), 'ConnectingWalletConnectBasicView') })
  // Read by the shell's opening rules (navigation/pickOpeningEntry).
  ctx.contributeState('walletConnectOnly', () => options.manualWCControl === true)

  // A catalogue wallet pairs over WalletConnect (the QR view shows the URI and its links).
  ctx.on('wallet:selected', () => void flow.start(WALLET_CONNECT_ID))
  // Once connected the modal closes, however the attempt started (a sign-in plugin may
  // reopen it for its own view).
  const stop = reaction(
    () => flow.status === 'connected',
    (connected) => {
      if (connected) ctx.kit.close()
    },
  )
  ctx.onClose(stop)
}
