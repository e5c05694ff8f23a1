import { reaction } from 'mobx'
import type { ComponentType } from 'react'
import { AccountActionsToken, lazyView, type PluginContext, registerMessages, ViewRegistryToken, whileFeatureOn } from '../../ui-shell/plugin.js'
import { ConnectionStoreToken } from '../connectors/index.js'
import { BuyIcon } from './BuyIcon.js'
import { onrampNetworkName } from './onrampChains.js'
import { ONRAMP_STYLES } from './views/onrampStyles.js'
import './onrampViewData.js'
import { ONRAMP_MESSAGES } from './locales/onrampMessages.js'

/** After Send (10), Receive (20) and Swap (30). */
const BUY_ACTION_ORDER = 40

/**
 * The onramp plugin's code: the Buy action on Account while the `onramp` feature is on and the
 * active network is one SPEC §9's Coinbase-pay list names, and its views OnRampProviders and
 * BuyInProgress. The views and their store load in their own chunk when the modal first shows
 * them.
 */
export default function setupOnramp(ctx: PluginContext): void {
  registerMessages(ctx, ONRAMP_MESSAGES)
  const connection = ctx.resolve(ConnectionStoreToken)
  const views = ctx.resolve(ViewRegistryToken)
  const actions = ctx.resolve(AccountActionsToken)

  let loading: Promise<unknown> | undefined
  const ensureStore = () => (loading ??= import('./registerOnrampStore.js').then(({ registerOnrampStore }) => registerOnrampStore(ctx)))
  const onrampView = <K extends string>(load: () => Promise<Record<K, ComponentType<never>>>, name: K) =>
    lazyView(async () => (await ensureStore(), load()), name)

  whileFeatureOn(ctx, 'onramp', () => {
    const unregister = [
      views.register({
        name: 'OnRampProviders',
        title: 'onramp.title',
        component: onrampView(() => import('./views/OnRampProvidersView.js'), 'OnRampProvidersView'),
        styles: ONRAMP_STYLES,
      }),
      views.register({
        name: 'BuyInProgress',
        title: 'buyInProgress.title',
        component: onrampView(() => import('./views/BuyInProgressView.js'), 'BuyInProgressView'),
        styles: ONRAMP_STYLES,
      }),
    ]
    let removeAction: (() => void) | undefined
    const stop = reaction(
      () => onrampNetworkName(connection.activeNetwork?.caipNetworkId) !== undefined,
      (offered) => {
        if (offered && !removeAction) removeAction = actions.add({ id: 'buy', label: 'onramp.action', view: 'OnRampProviders', order: BUY_ACTION_ORDER, icon: BuyIcon })
        if (!offered && removeAction) {
          removeAction()
          removeAction = undefined
        }
      },
      { fireImmediately: true },
    )
    return () => {
      stop()
      removeAction?.()
      for (const undo of unregister) undo()
    }
  })
}
