import { AccountActionsToken, ConnectMethodsToken, fillSlot, lazyView } from 'latch/plugin'
import type { PluginContext, PluginSetup } from 'latch/kernel'
import { ConnectionStoreToken } from 'latch/plugins/connectors'
import type { FaucetOptions } from './FaucetOptions.js'
import { FaucetConnectMethod } from './FaucetConnectMethod.js'
import { FaucetStore } from './FaucetStore.js'
import { FaucetStoreToken } from './FaucetStoreToken.js'
import { FAUCET_STYLES } from './faucetStyles.js'
import { sendFaucetRequest } from './sendFaucetRequest.js'
import './declarations.js'

/**
 * Builds the faucet's setup. Everything it adds goes through `ctx`, so the kernel undoes it all
 * when the plugin unloads (its feature turned off, or `kit.dispose()`): the view and its styles,
 * both slot entries, the store, and an in-flight request (aborted through `ctx.signal`).
 */
export function createFaucetSetup(options: FaucetOptions): PluginSetup {
  return (ctx: PluginContext) => {
    // Visible because the plugin `requires: ['connectors']`; resolving it otherwise would throw.
    const connection = ctx.resolve(ConnectionStoreToken)
    ctx.registerStore(
      FaucetStoreToken,
      new FaucetStore({
        connection,
        amount: options.amount ?? '1 ETH',
        send: (request) => sendFaucetRequest(options.url, request, { fetch: options.fetch, signal: ctx.signal }),
      }),
    )
    ctx.registerView({
      name: 'Faucet',
      title: 'Faucet',
      styles: FAUCET_STYLES,
      component: lazyView(() => import('./FaucetView.js'), 'FaucetView'),
    })
    fillSlot(ctx, ConnectMethodsToken, { id: 'faucet', component: FaucetConnectMethod })
    fillSlot(ctx, AccountActionsToken, { id: 'faucet', label: 'Faucet', view: 'Faucet' })
  }
}
