import { BlockchainClientToken, HttpNotConfiguredError, SnackbarStoreToken, ViewStackToken, type PluginContext } from '../../ui-shell/plugin.js'
import { AccountStoreToken } from '../account/index.js'
import { ConnectionStoreToken } from '../connectors/index.js'
import { createOnrampService, type OnrampService } from './onrampService.js'
import { OnrampStore } from './OnrampStore.js'
import { OnrampStoreToken } from './onrampTokens.js'
import { openCheckoutPopup } from './openCheckoutPopup.js'

/**
 * Builds and shares the Buy flow's store, in the views' own chunk: a visitor who never opens
 * Buy never loads it.
 */
export function registerOnrampStore(ctx: PluginContext): OnrampStore {
  const blockchain = ctx.resolve(BlockchainClientToken)
  const snackbar = ctx.resolve(SnackbarStoreToken)
  const stack = ctx.resolve(ViewStackToken)
  const noService = () => Promise.reject(new HttpNotConfiguredError({ service: 'blockchain' }))
  const service: OnrampService = blockchain
    ? createOnrampService(blockchain, ctx.signal)
    : { fetchOptions: noService, fetchQuote: noService, createCheckoutUrl: noService, fetchPurchases: noService }
  return ctx.registerStore(
    OnrampStoreToken,
    new OnrampStore({
      connection: ctx.resolve(ConnectionStoreToken),
      service,
      openCheckout: openCheckoutPopup,
      // The account plugin shares its store once the visitor connected, which Buy needs anyway.
      refreshBalances: async () => {
        if (ctx.isProvided(AccountStoreToken)) await ctx.resolve(AccountStoreToken).loadBalances({ force: true })
      },
      showError: (message) => snackbar.showError(message),
      showSuccess: (message) => snackbar.showSuccess(message),
      navigation: { showProgress: () => stack.push('BuyInProgress'), showAccount: () => stack.reset('Account') },
    }),
  )
}
