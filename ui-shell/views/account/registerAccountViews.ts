import { reaction } from 'mobx'
import {
  ConnectorRegistryToken,
  FeatureStoreToken,
  ModalStoreToken,
  ViewRegistryToken,
  ViewStackToken,
  type PluginContext,
} from '../../../kernel/index.js'
import { ConnectionStoreToken } from '../../../plugins/connectors/ConnectionStoreToken.js'
import { SnackbarStoreToken } from '../../tokens.js'
import { registerFeatureView } from '../../registerFeatureView.js'
import { lazyView } from '../../lazyView.js'
import { AccountStore } from './AccountStore.js'
import { SendStore } from './SendStore.js'
import { NetworkSwitchStore } from './NetworkSwitchStore.js'
import { ProfileWalletsStore } from './ProfileWalletsStore.js'
import { HistoryStore } from './HistoryStore.js'
import { fetchBalances, fetchIdentity, fetchNameAddress } from './fetchAccountData.js'
import { AccountStoreToken, HistoryStoreToken, NetworkSwitchStoreToken, ProfileWalletsStoreToken, SendStoreToken } from './accountTokens.js'

/**
 * Registers the views of a connected visitor (Account, Networks, SwitchNetwork,
 * SwitchActiveChain, UnsupportedChain, ProfileWallets, Send, Receive) and their stores. The
 * connectors plugin loads after the shell, so its store is looked up when used.
 */
export function registerAccountViews(ctx: PluginContext): void {
  const connection = () => (ctx.isProvided(ConnectionStoreToken) ? ctx.resolve(ConnectionStoreToken) : undefined)
  const snackbar = ctx.resolve(SnackbarStoreToken)
  const stack = ctx.resolve(ViewStackToken)
  const blockchain = ctx.blockchain
  const noService = () => Promise.reject(new Error('no blockchain service configured'))

  const account = ctx.registerStore(
    AccountStoreToken,
    new AccountStore({
      connection,
      fetchBalances: (params) => (blockchain ? fetchBalances(blockchain, { ...params, signal: ctx.signal }) : noService()),
      fetchIdentity: (address) => (blockchain ? fetchIdentity(blockchain, address, ctx.signal) : noService()),
      cache: ctx.storage,
      showError: (message) => snackbar.showError(message),
      showSuccess: (message) => snackbar.showSuccess(message),
      copyText: (text) => navigator.clipboard.writeText(text),
      isFeatureOn: (feature) => ctx.resolve(FeatureStoreToken).isOn(feature),
      hasView: (view) => ctx.resolve(ViewRegistryToken).has(view),
    }),
  )
  ctx.registerStore(
    SendStoreToken,
    new SendStore({
      connection,
      resolveName: (name) => (blockchain ? fetchNameAddress(blockchain, name, ctx.signal) : noService()),
      refreshBalances: () => account.loadBalances({ force: true }),
      snackbar,
      onSent: () => stack.reset('Account'),
    }),
  )
  ctx.registerStore(
    NetworkSwitchStoreToken,
    new NetworkSwitchStore({
      connection,
      navigation: {
        push: (view, data) => stack.push(view, data),
        replace: (view, data) => stack.replace(view, data),
        back: () => ctx.kit.back(),
        showAccount: () => stack.reset('Account'),
      },
      showError: (message) => snackbar.showError(message),
    }),
  )
  ctx.registerStore(
    ProfileWalletsStoreToken,
    new ProfileWalletsStore({
      connection,
      connectorName: (id) => ctx.resolve(ConnectorRegistryToken).get(id)?.name,
      showError: (message) => snackbar.showError(message),
      openConnect: () => stack.push('Connect'),
      onAllDisconnected: () => ctx.kit.close(),
    }),
  )
  ctx.registerStore(
    HistoryStoreToken,
    new HistoryStore({
      connection,
      fetchHistory: blockchain
        ? ({ address, caipNetworkId }) =>
            blockchain.get<{ data: unknown }>(`/v1/account/${encodeURIComponent(address)}/history`, { query: { chainId: caipNetworkId }, signal: ctx.signal })
        : undefined,
      showError: (message) => snackbar.showError(message),
    }),
  )

  // The host page's AccountButton and NetworkButton read these (SPEC §5: balance floored to 3).
  ctx.contributeState('balance', () => account.balance)
  ctx.contributeState('balanceSymbol', () => account.balanceSymbol)
  ctx.contributeState('networkName', () => account.network?.name)

  ctx.registerView({ name: 'Account', title: 'Account', component: lazyView(() => import('./AccountView.js'), 'AccountView') })
  ctx.registerView({ name: 'Networks', title: 'Choose Network', component: lazyView(() => import('./NetworksView.js'), 'NetworksView') })
  ctx.registerView({ name: 'SwitchNetwork', title: (data) => networkTitle(connection()?.networks, data), component: lazyView(() => import('./SwitchNetworkView.js'), 'SwitchNetworkView') })
  ctx.registerView({ name: 'SwitchActiveChain', title: 'Switch Chain', component: lazyView(() => import('./SwitchActiveChainView.js'), 'SwitchActiveChainView') })
  ctx.registerView({ name: 'UnsupportedChain', title: 'Switch Network', component: lazyView(() => import('./UnsupportedChainView.js'), 'UnsupportedChainView') })
  ctx.registerView({ name: 'ProfileWallets', title: 'Connected Wallets', component: lazyView(() => import('./ProfileWalletsView.js'), 'ProfileWalletsView') })
  registerFeatureView(ctx, 'send', { name: 'Send', title: 'Send', component: lazyView(() => import('./SendView.js'), 'SendView') })
  registerFeatureView(ctx, 'receive', { name: 'Receive', title: 'Receive', component: lazyView(() => import('./ReceiveView.js'), 'ReceiveView') })

  // SPEC §4: a wallet on a chain the host does not list opens UnsupportedChain while the modal is open.
  const modal = ctx.resolve(ModalStoreToken)
  ctx.onClose(
    reaction(
      // The modal's state is read first: the connection store is provided after this runs, and
      // an expression that read nothing observable would never run again.
      () => modal.isOpen && connection()?.isConnected === true && connection()?.isUnsupportedNetwork === true,
      (unsupported) => {
        if (unsupported && stack.current?.view !== 'UnsupportedChain') stack.push('UnsupportedChain')
      },
    ),
  )
}


/** SwitchNetwork's title: the target network's name. */
function networkTitle(networks: readonly { caipNetworkId: string; name: string }[] | undefined, data: unknown): string {
  const target = (data as { caipNetworkId?: unknown } | undefined)?.caipNetworkId
  return networks?.find((n) => n.caipNetworkId === target)?.name ?? 'Switch Network'
}
