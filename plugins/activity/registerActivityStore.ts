import { BlockchainClientToken, EventReporterToken, SnackbarStoreToken, type PluginContext } from '../../ui-shell/plugin.js'
import { ConnectionStoreToken } from '../connectors/index.js'
import { ActivityStore } from './ActivityStore.js'
import { fetchHistoryPage } from './fetchHistoryPage.js'
import { ActivityStoreToken } from './activityTokens.js'

/** The on-ramp provider whose purchases the history route lists (`onramp=`). */
const ONRAMP_PROVIDER = 'coinbase'

/**
 * Builds and shares the Activity tab's store. In the tab's own chunk, fetched when the modal
 * first opens (as every lazy view) and never for a visitor who never opens it.
 */
export function registerActivityStore(ctx: PluginContext): ActivityStore {
  const blockchain = ctx.resolve(BlockchainClientToken)
  const snackbar = ctx.resolve(SnackbarStoreToken)
  const events = ctx.resolve(EventReporterToken)
  return ctx.registerStore(
    ActivityStoreToken,
    new ActivityStore({
      connection: ctx.resolve(ConnectionStoreToken),
      fetchPage: blockchain ? (params) => fetchHistoryPage(blockchain, { ...params, signal: ctx.signal }) : undefined,
      fetchPurchases: blockchain
        ? async (params) => (await fetchHistoryPage(blockchain, { ...params, onramp: ONRAMP_PROVIDER, signal: ctx.signal })).entries
        : undefined,
      showError: (message) => snackbar.showError(message),
      reportFailure: (properties) => void events.track('ERROR_FETCH_TRANSACTIONS', properties),
    }),
  )
}
