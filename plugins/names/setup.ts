import { observable, reaction, runInAction } from 'mobx'
import type { ComponentType } from 'react'
import { AccountActionsToken, lazyView, type PluginContext, registerMessages } from '../../ui-shell/plugin.js'
import { ConnectionStoreToken } from '../connectors/index.js'
import { AUTH_CONNECTOR_ID } from '../embeddedWallet/index.js'
import type { NamesStores } from './registerNamesStores.js'
import { NAMES_STYLES } from './views/namesStyles.js'
import './namesViewData.js'
import { NAMES_MESSAGES } from './locales/namesMessages.js'


/** After the account plugin's Send (10) and Receive (20). */
const CHOOSE_NAME_ORDER = 40

/**
 * The names plugin's code: RegisterAccountName and RegisterAccountNameSuccess, and Account's
 * "Choose a name" action, offered only to an account the embedded wallet connected (SPEC §5) that
 * holds no name yet. The stores and views load in their own chunks.
 */
export default function setupNames(ctx: PluginContext): void {
  registerMessages(ctx, NAMES_MESSAGES)
  const connection = ctx.resolve(ConnectionStoreToken)
  const actions = ctx.resolve(AccountActionsToken)
  const authAddress = () => {
    const state = connection.activeAccountState
    const viaAuth = connection.isConnected && connection.activeNamespace === 'eip155' && state?.connectedWalletInfo?.id === AUTH_CONNECTOR_ID
    return viaAuth ? state.address : undefined
  }

  const stores = observable.box<NamesStores | undefined>(undefined, { deep: false })
  let loading: Promise<NamesStores> | undefined
  const ensureStores = () =>
    (loading ??= import('./registerNamesStores.js').then(({ registerNamesStores }) => {
      const registered = registerNamesStores(ctx, { connection, authAddress })
      runInAction(() => stores.set(registered))
      return registered
    }))

  // An AUTH account is looked up as it connects, so Account knows whether to offer a name.
  ctx.onClose(
    reaction(
      authAddress,
      (address) => {
        // A chunk that fails to load offers no action; the views show the shell's load error.
        if (address) void ensureStores().then(({ accountNames }) => accountNames.load(address), () => {})
      },
      { fireImmediately: true },
    ),
  )
  let removeAction: (() => void) | undefined
  ctx.onClose(() => removeAction?.())
  ctx.onClose(
    reaction(
      () => {
        const address = authAddress()
        return address !== undefined && stores.get()?.accountNames.namesOf(address)?.length === 0
      },
      (offer) => {
        removeAction?.()
        removeAction = offer ? actions.add({ id: 'names', label: 'names.action', view: 'RegisterAccountName', order: CHOOSE_NAME_ORDER }) : undefined
      },
      { fireImmediately: true },
    ),
  )

  const namesView = <K extends string>(load: () => Promise<Record<K, ComponentType<never>>>, name: K) =>
    lazyView(async () => (await ensureStores(), load()), name)
  ctx.registerView({
    name: 'RegisterAccountName',
    title: 'names.title',
    component: namesView(() => import('./views/RegisterAccountNameView.js'), 'RegisterAccountNameView'),
    styles: NAMES_STYLES,
  })
  ctx.registerView({
    name: 'RegisterAccountNameSuccess',
    title: 'namesSuccess.title',
    component: namesView(() => import('./views/RegisterAccountNameSuccessView.js'), 'RegisterAccountNameSuccessView'),
    styles: NAMES_STYLES,
  })
}
