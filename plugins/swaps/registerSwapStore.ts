import { BlockchainClientToken, EventReporterToken, SnackbarStoreToken, ViewStackToken, type PluginContext } from '../../ui-shell/plugin.js'
import { ConnectionStoreToken } from '../connectors/index.js'
import { AccountStoreToken } from '../account/index.js'
import { createConvertApi } from './convertApi.js'
import { sendConvertTransaction } from './sendConvertTransaction.js'
import { SwapStore } from './SwapStore.js'
import { SwapStoreToken } from './swapsTokens.js'

/**
 * Builds and shares the swap store. In the swap views' own chunk: a visitor who never opens
 * Swap never loads it.
 */
export function registerSwapStore(ctx: PluginContext): SwapStore {
  const connection = ctx.resolve(ConnectionStoreToken)
  // Resolved at use: the account plugin registers its stores in a chunk of its own.
  const account = () => (ctx.isProvided(AccountStoreToken) ? ctx.resolve(AccountStoreToken) : undefined)
  const blockchain = ctx.resolve(BlockchainClientToken)
  const snackbar = ctx.resolve(SnackbarStoreToken)
  const reporter = ctx.resolve(EventReporterToken)
  const stack = ctx.resolve(ViewStackToken)
  const store = ctx.registerStore(
    SwapStoreToken,
    new SwapStore({
      connection,
      api: blockchain ? createConvertApi(blockchain, ctx.options.projectId, ctx.signal) : undefined,
      balances: () => account()?.tokens ?? [],
      loadBalances: async (force) => account()?.loadBalances({ force }),
      sendTransaction: (tx) => sendConvertTransaction(connection, tx),
      track: (event, properties) => void reporter.track(event, properties),
      showSuccess: (message) => snackbar.showSuccess(message),
      onSwapped: () => stack.reset('Account'),
    }),
  )
  ctx.onClose(() => store.dispose())
  return store
}
