import { reaction } from 'mobx'
import type { PluginContext } from '../../kernel/index.js'
import { AccountActionsToken, ApiClientToken, lazyView } from '../../ui-shell/plugin.js'
import { SmartSessionsDisabledError } from '../../chains/auth/errors.js'
import { ConnectionStoreToken } from '../connectors/index.js'
import type { EmbeddedWallet } from './EmbeddedWallet.js'
import { AUTH_CONNECTOR_ID, SmartSessionsStoreToken } from './embeddedWalletTokens.js'
import { SmartSessionsStore } from './SmartSessionsStore.js'
import { SMART_SESSIONS_STYLES } from './views/smartSessionsStyles.js'

declare module '../../kernel/views/ViewRegistry.js' {
  interface ViewDataMap {
    SmartSessions: undefined
  }
}

/** Account's 'Permissions' row, after 'Account type' (40) and the passkey rows (42-46). */
const PERMISSIONS_ORDER = 48

/**
 * Smart sessions in the kit (SPEC §1: off unless the host sets `features.smartSessions`): the
 * embedded wallet's permission requests pass only then; each grant is recorded with the backend;
 * Account lists the active ones ('Permissions') and revokes them.
 *
 * @returns the wallet's hooks for smart-session requests
 */
export function setupSmartSessions(ctx: PluginContext, wallet: () => EmbeddedWallet) {
  const connection = ctx.resolve(ConnectionStoreToken)
  const enabled = () => ctx.features().smartSessions === true
  const store = ctx.registerStore(
    SmartSessionsStoreToken,
    new SmartSessionsStore({
      api: () => (ctx.kit.isProvided(ApiClientToken) ? ctx.resolve(ApiClientToken) : undefined),
      address: () => wallet().provider.user?.accounts.find((account) => account.type === 'smartAccount')?.address,
      request: (method, params) => wallet().provider.rpc({ method, params }),
    }),
  )
  ctx.registerView({ name: 'SmartSessions', title: 'smartSessions.title', component: lazyView(() => import('./views/SmartSessionsView.js'), 'SmartSessionsView'), styles: SMART_SESSIONS_STYLES })

  const actions = ctx.resolve(AccountActionsToken)
  let removeAction: (() => void) | undefined
  ctx.onClose(
    reaction(
      () => enabled() && connection.activeAccountState?.connectedWalletInfo?.id === AUTH_CONNECTOR_ID && wallet().channel !== undefined,
      (shown) => {
        removeAction?.()
        removeAction = shown ? actions.add({ id: 'smart-sessions', label: 'smartSessions.action', view: 'SmartSessions', order: PERMISSIONS_ORDER }) : undefined
      },
      { fireImmediately: true },
    ),
  )
  ctx.onClose(() => removeAction?.())

  return {
    onSmartSessionRequest(_method: string) {
      if (!enabled()) throw Object.assign(new SmartSessionsDisabledError(), { code: 4200 })
    },
    onPermissionsGranted: (result: unknown) => store.record(result),
  }
}
