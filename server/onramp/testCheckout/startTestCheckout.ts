import Fastify from 'fastify'
import { randomBytes } from 'node:crypto'
import { errorHandlerPlugin } from '../../plugins/errorHandler/errorHandlerPlugin.js'
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
  const keys: TestCheckoutKeys = {
    providerId: 'latch-test-checkout',
    apiKey: `pk_test_${randomBytes(12).toString('hex')}`,
    secretKey: randomBytes(32).toString('base64url'),
    webhookSecret: randomBytes(32).toString('base64url'),
    webhookUrl: options.webhookUrl,
  }
  const app = Fastify({ logger: false })
  await app.register(errorHandlerPlugin, { frameworkCodes: false })
  await app.register(testCheckoutRoutes, { services: options.services, storage: options.storage, keys })
  const host = options.host ?? '127.0.0.1'
  await app.listen({ port: options.port ?? 0, host })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  return { url: `http://${host}:${port}`, keys, close: () => app.close() }
}
