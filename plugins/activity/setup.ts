import { AccountTabsToken, fillSlot, StyleSheetsToken, type PluginContext } from '../../ui-shell/index.js'
import { ActivityPanel } from './views/ActivityPanel.js'
import { ACTIVITY_STYLES } from './activityStyles.js'

/** After the account plugin's Tokens (10) and NFTs (20). */
const ACTIVITY_TAB_ORDER = 30

/**
 * The activity plugin's code, in its own chunk: the Activity tab, reading the account plugin's
 * history store (one read serves the NFTs and Activity tabs), and its stylesheet. Without a
 * blockchain service the tab stays empty, silently.
 */
export default function setupActivity(ctx: PluginContext): void {
  fillSlot(ctx, AccountTabsToken, { id: 'activity', label: 'Activity', order: ACTIVITY_TAB_ORDER, component: ActivityPanel })
  fillSlot(ctx, StyleSheetsToken, { id: 'activity', css: ACTIVITY_STYLES })
}
