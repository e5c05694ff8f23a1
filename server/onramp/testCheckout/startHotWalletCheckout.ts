import { hotWalletCheckoutRoutes } from './hotWalletCheckoutRoutes.js'
import { listenCheckout } from './listenCheckout.js'
import { payFromHotWallet, type HotWallet } from './payFromHotWallet.js'
import { newTestCheckoutKeys, type RunningTestCheckout } from './startTestCheckout.js'

/**
 * Starts the test checkout as a service of its own, for a backend that runs no chain (issue 29):
 * it pays out of its own funded key over the RPC it is given, and reaches the backend only by the
 * signed checkout URL and the signed webhook. The backend is configured with its keys as with any
 * provider's (`onramp` in `latch.config.json`, the secrets in `LATCH_ONRAMP_*`).
 *
 * @param webhookUrl - the backend's `/v1/onramp/webhook/latch-test-checkout`, read when a webhook is sent
 * @example
 * const checkout = await startHotWalletCheckout({ wallet: { privateKey, networks: { 'eip155:1': { rpcUrl, tokens } } }, webhookUrl: () => `${backend.url}/v1/onramp/webhook/latch-test-checkout` })
 */
export async function startHotWalletCheckout(options: { wallet: HotWallet; webhookUrl: () => string; port?: number; host?: string }): Promise<RunningTestCheckout> {
  const keys = newTestCheckoutKeys(options.webhookUrl)
  const served = await listenCheckout(hotWalletCheckoutRoutes, { keys, pay: payFromHotWallet(options.wallet) }, options)
  return { ...served, keys }
}
