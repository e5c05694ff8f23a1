import type { PluginContext } from '../../../../kernel/index.js'
import { lazyView, SnackbarStoreToken } from '../../../../ui-shell/plugin.js'
import type { ConnectorRegistry } from '../../../connectors/index.js'
import { isWalletConnectConnector } from '../../../../chains/walletconnect/isWalletConnectConnector.js'
import { WALLET_CONNECT_ID } from '../../../../chains/walletconnect/walletConnectId.js'
import { WalletConnectPairingStoreToken } from '../../connectTokens.js'
import type { ConnectFlowStore } from '../../stores/ConnectFlowStore.js'
import { WalletConnectPairingStore } from '../../stores/WalletConnectPairingStore.js'
import { CONNECTING_STYLES } from './connectingStyles.js'

/**
 * Registers the views a picked wallet shows (ConnectingExternal, ConnectingWalletConnect,
 * ConnectingWalletConnectBasic), each fetched on first use, and the pairing store behind the
 * QR views.
 */
export function registerConnectingViews(ctx: PluginContext, { flow, registry }: { flow: ConnectFlowStore; registry: ConnectorRegistry }): void {
  const snackbar = ctx.resolve(SnackbarStoreToken)
  ctx.registerStore(
    WalletConnectPairingStoreToken,
    new WalletConnectPairingStore({
      flow,
      pairing: () => {
        const connector = registry.get(WALLET_CONNECT_ID)
        return connector && isWalletConnectConnector(connector) ? connector.pairing : undefined
      },
      writeText: (text) => navigator.clipboard.writeText(text),
      notify: (message, variant) => (variant === 'success' ? snackbar.showSuccess(message) : snackbar.showError(message)),
      registeredSchemes: ctx.options.walletSchemes,
    }),
  )

  ctx.registerView({
    name: 'ConnectingExternal',
    title: (data) => (data ? registry.get(data.connectorId, data.chain)?.name : undefined) ?? 'connecting.title',
    component: lazyView(() => import('./ConnectingExternalView.js'), 'ConnectingExternalView'),
    styles: CONNECTING_STYLES,
  })
  ctx.registerView({
    name: 'ConnectingWalletConnect',
    title: (data) => data?.wallet?.name ?? 'WalletConnect',
    component: lazyView(() => import('./ConnectingWalletConnectView.js'), 'ConnectingWalletConnectView'),
    styles: CONNECTING_STYLES,
  })
  ctx.registerView({
    name: 'ConnectingWalletConnectBasic',
    title: 'WalletConnect',
    component: lazyView(() => import('./ConnectingWalletConnectBasicView.js'), 'ConnectingWalletConnectBasicView'),
    styles: CONNECTING_STYLES,
  })
}
