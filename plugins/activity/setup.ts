import { AccountTabsToken, fillSlot, lazyView, type PluginContext, registerMessages, StyleSheetsToken } from '../../ui-shell/plugin.js'
import { ACTIVITY_STYLES } from './activityStyles.js'
import { ACTIVITY_MESSAGES } from './locales/activityMessages.js'

/** After the account plugin's Tokens (10) and NFTs (20). */
const ACTIVITY_TAB_ORDER = 30

/**
 * The activity plugin's code: the Activity tab and its stylesheet. The tab's view and store load
 * only when Account first shows it (their own chunk). Without a blockchain service the tab stays
 * empty, silently.
 */
export default function setupActivity(ctx: PluginContext): void {
  registerMessages(ctx, ACTIVITY_MESSAGES)
  let loading: Promise<unknown> | undefined
  const ensureStore = () => (loading ??= import('./registerActivityStore.js').then(({ registerActivityStore }) => registerActivityStore(ctx)))
  const panel = lazyView(async () => (await ensureStore(), import('./views/ActivityPanel.js')), 'ActivityPanel')
  fillSlot(ctx, AccountTabsToken, { id: 'activity', label: 'activity.tab', order: ACTIVITY_TAB_ORDER, component: panel })
  fillSlot(ctx, StyleSheetsToken, { id: 'activity', css: ACTIVITY_STYLES })
}
