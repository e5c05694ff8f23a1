import { reaction } from 'mobx'
import {
  AccountActionsToken,
  AccountTabsToken,
  BlockchainClientToken,
  fillSlot,
  HttpNotConfiguredError,
  lazyView,
  ModalStoreToken,
  SnackbarStoreToken,
  ViewRegistryToken,
  ViewStackToken,
  whileFeatureOn,
  type AccountAction,
  type PluginContext,
  type ViewDefinition,
} from '../../ui-shell/index.js'
import type { ViewName } from '../../kernel/index.js'
import { ConnectionStoreToken, ConnectorRegistryToken } from '../connectors/index.js'
import { AccountStore } from './AccountStore.js'
import { SendStore } from './SendStore.js'
import { NetworkSwitchStore } from './NetworkSwitchStore.js'
import { NftStore } from './NftStore.js'
import { ProfileWalletsStore } from './ProfileWalletsStore.js'
import { fetchBalances } from './fetchBalances.js'
import { fetchHistory } from './fetchHistory.js'
import { fetchIdentity } from './fetchIdentity.js'
import { fetchNameAddress } from './fetchNameAddress.js'
import { AccountStoreToken, NetworkSwitchStoreToken, NftStoreToken, ProfileWalletsStoreToken, SendStoreToken } from './accountTokens.js'
import { ACCOUNT_STORAGE } from './accountStorage.js'
import { ACCOUNT_STYLES } from './views/accountStyles.js'
import { TokensPanel } from './views/TokensPanel.js'
import { NftsPanel } from './views/NftsPanel.js'
import './accountViewData.js'

/** Where the account plugin's slot entries go: Send, Receive first; Tokens, NFTs, then Activity (30). */
const ORDER = { send: 10, receive: 20, tokens: 10, nfts: 20 } as const

/**
 * The account plugin's code, in its own chunk: the views of a connected visitor (Account,
 * Networks, SwitchNetwork, SwitchActiveChain, UnsupportedChain, ProfileWallets, and Send and
 * Receive while their features are on), their stores, the Tokens and NFTs tabs and the Send and
 * Receive actions in the shell's slots, the balance and identity caches, and the kit state the
 * host's AccountButton and NetworkButton read.
 */
export default function setupAccount(ctx: PluginContext): void {
  const connection = ctx.resolve(ConnectionStoreToken)
  const connectors = ctx.resolve(ConnectorRegistryToken)
  const snackbar = ctx.resolve(SnackbarStoreToken)
  const stack = ctx.resolve(ViewStackToken)
  const blockchain = ctx.resolve(BlockchainClientToken)
  const noService = () => Promise.reject(new HttpNotConfiguredError({ service: 'blockchain' }))
  ctx.storage.define(ACCOUNT_STORAGE)

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
  const switcher = ctx.registerStore(
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
      connectorName: (id) => connectors.get(id)?.name,
      showError: (message) => snackbar.showError(message),
      openConnect: () => stack.push('Connect'),
      onAllDisconnected: () => ctx.kit.close(),
    }),
  )
  ctx.registerStore(
    NftStoreToken,
    new NftStore({
      connection,
      fetchHistory: blockchain ? (params) => fetchHistory(blockchain, { ...params, signal: ctx.signal }) : undefined,
      showError: (message) => snackbar.showError(message),
    }),
  )

  // The host page's AccountButton and NetworkButton read these (SPEC §5: balance floored to 3).
  ctx.contributeState('balance', () => account.balance)
  ctx.contributeState('balanceSymbol', () => account.balanceSymbol)
  ctx.contributeState('networkName', () => account.network?.name)

  const view = <V extends ViewName>(definition: ViewDefinition<V>): ViewDefinition<V> => ({ ...definition, styles: ACCOUNT_STYLES })
  ctx.registerView(view({ name: 'Account', title: 'Account', component: lazyView(() => import('./views/AccountView.js'), 'AccountView') }))
  ctx.registerView(view({ name: 'Networks', title: 'Choose Network', component: lazyView(() => import('./views/NetworksView.js'), 'NetworksView') }))
  ctx.registerView(
    view<'SwitchNetwork'>({
      name: 'SwitchNetwork',
      // Read defensively: a host may open the view by name without its data.
      title: (data) => switcher.networkOf(data?.caipNetworkId)?.name ?? 'Switch Network',
      component: lazyView(() => import('./views/SwitchNetworkView.js'), 'SwitchNetworkView'),
    }),
  )
  ctx.registerView(view({ name: 'SwitchActiveChain', title: 'Switch Chain', component: lazyView(() => import('./views/SwitchActiveChainView.js'), 'SwitchActiveChainView') }))
  ctx.registerView(view({ name: 'UnsupportedChain', title: 'Switch Network', component: lazyView(() => import('./views/UnsupportedChainView.js'), 'UnsupportedChainView') }))
  ctx.registerView(view({ name: 'ProfileWallets', title: 'Connected Wallets', component: lazyView(() => import('./views/ProfileWalletsView.js'), 'ProfileWalletsView') }))

  fillSlot(ctx, AccountTabsToken, { id: 'tokens', label: 'Tokens', order: ORDER.tokens, component: TokensPanel })
  fillSlot(ctx, AccountTabsToken, { id: 'nfts', label: 'NFTs', order: ORDER.nfts, component: NftsPanel })

  // Send and Receive follow their own flags live (remote configuration may turn them off).
  const views = ctx.resolve(ViewRegistryToken)
  const actions = ctx.resolve(AccountActionsToken)
  const actionWithView = <V extends ViewName>(definition: ViewDefinition<V>, action: AccountAction<V>) => () => {
    const unregister = views.register(view(definition))
    const remove = actions.add(action)
    return () => {
      remove()
      unregister()
    }
  }
  whileFeatureOn(
    ctx,
    'send',
    actionWithView(
      { name: 'Send', title: 'Send', component: lazyView(() => import('./views/SendView.js'), 'SendView') },
      { id: 'send', label: 'Send', view: 'Send', order: ORDER.send },
    ),
  )
  whileFeatureOn(
    ctx,
    'receive',
    actionWithView(
      { name: 'Receive', title: 'Receive', component: lazyView(() => import('./views/ReceiveView.js'), 'ReceiveView') },
      { id: 'receive', label: 'Receive', view: 'Receive', order: ORDER.receive },
    ),
  )

  // SPEC §4: a wallet on a chain the host does not list opens UnsupportedChain while the modal is open.
  const modal = ctx.resolve(ModalStoreToken)
  ctx.onClose(
    reaction(
      () => modal.isOpen && connection.isConnected && connection.isUnsupportedNetwork,
      (unsupported) => {
        if (unsupported && stack.current?.view !== 'UnsupportedChain') stack.push('UnsupportedChain')
      },
    ),
  )
}
