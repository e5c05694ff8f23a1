import type { ComponentType } from 'react'
import { AccountActionsToken, fillSlot, lazyView, type PluginContext, registerMessages, type ViewDefinition } from '../../ui-shell/plugin.js'
import type { ViewName } from '../../kernel/index.js'
import { SwapIcon } from './SwapIcon.js'
import { SWAP_STYLES } from './views/swapStyles.js'
import './swapViewData.js'
import { SWAPS_MESSAGES } from './locales/swapsMessages.js'

/** After the account plugin's Send (10) and Receive (20), before the onramp plugin's Buy (40). */
const SWAP_ACTION_ORDER = 30

/**
 * The swaps plugin's code: the Swap action in Account, and the Swap, SwapSelectToken and
 * SwapPreview views with their stylesheet. The views and the store load when Swap first shows
 * (their own chunk), so this chunk stays small.
 */
export default function setupSwaps(ctx: PluginContext): void {
  registerMessages(ctx, SWAPS_MESSAGES)
  let loading: Promise<unknown> | undefined
  const ensureStore = () => (loading ??= import('./registerSwapStore.js').then(({ registerSwapStore }) => registerSwapStore(ctx)))
  const swapView = <K extends string>(load: () => Promise<Record<K, ComponentType<never>>>, name: K) =>
    lazyView(async () => (await ensureStore(), load()), name)
  const view = <V extends ViewName>(definition: ViewDefinition<V>): ViewDefinition<V> => ({ ...definition, styles: SWAP_STYLES })

  ctx.registerView(view({ name: 'Swap', title: 'swap.title', component: swapView(() => import('./views/SwapView.js'), 'SwapView') }))
  ctx.registerView(
    view<'SwapSelectToken'>({
      name: 'SwapSelectToken',
      title: 'swapSelectToken.title',
      component: swapView(() => import('./views/SwapSelectTokenView.js'), 'SwapSelectTokenView'),
    }),
  )
  ctx.registerView(view({ name: 'SwapPreview', title: 'swapPreview.title', component: swapView(() => import('./views/SwapPreviewView.js'), 'SwapPreviewView') }))
  fillSlot(ctx, AccountActionsToken, { id: 'swap', label: 'swap.action', view: 'Swap', order: SWAP_ACTION_ORDER, icon: SwapIcon })
}
