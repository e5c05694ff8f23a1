import Fastify from 'fastify'
import { relayPlugin } from '../../server/relay/relayPlugin.js'

/** Starts the local WalletConnect relay alone on a free loopback port. */
export async function startRelay(): Promise<{ relayUrl: string; close(): Promise<void> }> {
  const app = Fastify()
  await app.register(relayPlugin, { path: '/relay' })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return { relayUrl: `ws://127.0.0.1:${port}/relay`, close: () => app.close() }
}
