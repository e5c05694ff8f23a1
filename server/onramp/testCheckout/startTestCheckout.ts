import { randomBytes } from 'node:crypto'
import { listenCheckout } from './listenCheckout.js'
import type { BackendServices } from '../../plugins/services/BackendServices.js'
import type { Storage } from '../../plugins/database/openStorage.js'
import { testCheckoutRoutes } from './testCheckoutRoutes.js'
import type { TestCheckoutKeys } from './TestCheckoutKeys.js'

/** The running test checkout: its origin, the keys the backend's adapter needs, and `close`. */
export interface RunningTestCheckout {
  url: string
  keys: TestCheckoutKeys
  close(): Promise<void>
}

/** New keys for a test checkout, as a provider's dashboard hands them out: publishable key, signing key, webhook secret. */
export function newTestCheckoutKeys(webhookUrl: () => string): TestCheckoutKeys {
  return {
    providerId: 'latch-test-checkout',
    apiKey: `pk_test_${randomBytes(12).toString('hex')}`,
    secretKey: randomBytes(32).toString('base64url'),
    webhookSecret: randomBytes(32).toString('base64url'),
    webhookUrl,
  }
}

/**
 * Starts the on-ramp's local test checkout on its own port (dev mode only): a provider the
 * backend reaches only through the signed-checkout protocol, which pays out of the dev account.
 * Its keys are new on every start.
 *
 * @param webhookUrl - the backend's webhook route, read when a webhook is sent
 * @example
 * const checkout = await startTestCheckout({ services, storage, webhookUrl: () => `${url}/v1/onramp/webhook/latch-test-checkout` })
 */
export async function startTestCheckout(options: { services: BackendServices; storage: Storage; webhookUrl: () => string; port?: number; host?: string }): Promise<RunningTestCheckout> {
  const keys = newTestCheckoutKeys(options.webhookUrl)
  const served = await listenCheckout(testCheckoutRoutes, { services: options.services, storage: options.storage, keys }, options)
  return { ...served, keys }
}
