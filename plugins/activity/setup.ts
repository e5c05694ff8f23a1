import { AccountTabsToken, BlockchainClientToken, fillSlot, SnackbarStoreToken, StyleSheetsToken, type PluginContext } from '../../ui-shell/index.js'
import { ConnectionStoreToken } from '../connectors/index.js'
import { fetchHistory } from '../account/index.js'
import { HistoryStore } from './HistoryStore.js'
import { HistoryStoreToken } from './HistoryStoreToken.js'
import { ActivityPanel } from './views/ActivityPanel.js'
import { ACTIVITY_STYLES } from './activityStyles.js'

/** After the account plugin's Tokens (10) and NFTs (20). */
const ACTIVITY_TAB_ORDER = 30

/**
 * The activity plugin's code, in its own chunk: the history store and the Activity tab with
 * its stylesheet. Without a blockchain service the tab stays empty, silently.
 */
export default function setupActivity(ctx: PluginContext): void {
  const connection = ctx.resolve(ConnectionStoreToken)
  const snackbar = ctx.resolve(SnackbarStoreToken)
  const blockchain = ctx.resolve(BlockchainClientToken)
  ctx.registerStore(
    HistoryStoreToken,
    new HistoryStore({
      connection,
      fetchHistory: blockchain ? (params) => fetchHistory(blockchain, { ...params, signal: ctx.signal }) : undefined,
      showError: (message) => snackbar.showError(message),
    }),
  )
  fillSlot(ctx, AccountTabsToken, { id: 'activity', label: 'Activity', order: ACTIVITY_TAB_ORDER, component: ActivityPanel })
  fillSlot(ctx, StyleSheetsToken, { id: 'activity', css: ACTIVITY_STYLES })
}
