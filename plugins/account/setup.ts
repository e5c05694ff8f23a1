import { reaction, when } from 'mobx'
import type { ComponentType } from 'react'
import {
  AccountActionsToken,
  AccountTabsToken,
  BlockchainClientToken,
  fillSlot,
  lazyView,
  ModalStoreToken,
  SnackbarStoreToken,
  ViewRegistryToken,
  ViewStackToken,
  whileFeatureOn,
  type AccountAction,
  type PluginContext,
  type ViewDefinition,
  registerMessages,
} from '../../ui-shell/plugin.js'
import { ACCOUNT_MESSAGES } from './locales/accountMessages.js'
import type { ViewName } from '../../kernel/index.js'
import { ConnectionStoreToken, ConnectorRegistryToken } from '../connectors/index.js'
import { ACCOUNT_STORAGE } from './accountStorage.js'
import { ACCOUNT_STYLES } from './views/accountStyles.js'
import './accountViewData.js'
import { ReceiveIcon, SendIcon } from './views/icons.js'

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
  ctx.storage.define(ACCOUNT_STORAGE)

  // The stores load once the visitor connects or an account view is first shown.
  let loading: Promise<void> | undefined
  const ensureStores = () =>
    (loading ??= import('./registerAccountStores.js').then(({ registerAccountStores }) =>
      registerAccountStores(ctx, { connection, connectors, snackbar, stack, blockchain }),
    ))
  ctx.onClose(when(() => connection.isConnected, () => void ensureStores()))
  const accountView = <K extends string>(load: () => Promise<Record<K, ComponentType<never>>>, name: K) =>
    lazyView(async () => (await ensureStores(), load()), name)

  const view = <V extends ViewName>(definition: ViewDefinition<V>): ViewDefinition<V> => ({ ...definition, styles: ACCOUNT_STYLES })
  registerMessages(ctx, ACCOUNT_MESSAGES)
  ctx.registerView(view({ name: 'Account', title: 'account.title', component: accountView(() => import('./views/AccountView.js'), 'AccountView') }))
  ctx.registerView(view({ name: 'Networks', title: 'networks.title', component: accountView(() => import('./views/NetworksView.js'), 'NetworksView') }))
  ctx.registerView(
    view<'SwitchNetwork'>({
      name: 'SwitchNetwork',
      // Read defensively: a host may open the view by name without its data.
      title: (data) => connection.networks.find((n) => n.caipNetworkId === data?.caipNetworkId)?.name ?? 'switchNetwork.title',
      component: accountView(() => import('./views/SwitchNetworkView.js'), 'SwitchNetworkView'),
    }),
  )
  ctx.registerView(view({ name: 'SwitchActiveChain', title: 'switchActiveChain.title', component: accountView(() => import('./views/SwitchActiveChainView.js'), 'SwitchActiveChainView') }))
  ctx.registerView(view({ name: 'UnsupportedChain', title: 'unsupportedChain.title', component: accountView(() => import('./views/UnsupportedChainView.js'), 'UnsupportedChainView') }))
  ctx.registerView(view({ name: 'ProfileWallets', title: 'profileWallets.title', component: accountView(() => import('./views/ProfileWalletsView.js'), 'ProfileWalletsView') }))

  fillSlot(ctx, AccountTabsToken, { id: 'tokens', label: 'account.tab.tokens', order: ORDER.tokens, component: accountView(() => import('./views/TokensPanel.js'), 'TokensPanel') })
  fillSlot(ctx, AccountTabsToken, { id: 'nfts', label: 'account.tab.nfts', order: ORDER.nfts, component: accountView(() => import('./views/NftsPanel.js'), 'NftsPanel') })

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
  whileFeatureOn(ctx, 'send', () => {
    const removeSend = actionWithView(
      { name: 'Send', title: 'send.title', component: accountView(() => import('./views/SendView.js'), 'SendView') },
      { id: 'send', label: 'account.action.send', view: 'Send', order: ORDER.send, icon: SendIcon },
    )()
    const removePicker = views.register(
      view({ name: 'SendSelectToken', title: 'sendSelectToken.title', component: accountView(() => import('./views/SendSelectTokenView.js'), 'SendSelectTokenView') }),
    )
    return () => {
      removePicker()
      removeSend()
    }
  })
  whileFeatureOn(
    ctx,
    'receive',
    actionWithView(
      { name: 'Receive', title: 'receive.title', component: accountView(() => import('./views/ReceiveView.js'), 'ReceiveView') },
      { id: 'receive', label: 'account.action.receive', view: 'Receive', order: ORDER.receive, icon: ReceiveIcon },
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
