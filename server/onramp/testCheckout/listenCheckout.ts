import Fastify, { type FastifyPluginAsync } from 'fastify'
import { errorHandlerPlugin } from '../../plugins/errorHandler/errorHandlerPlugin.js'

/**
 * Serves a checkout's routes on their own port, refusals answered from the error catalogue.
 *
 * @returns its origin and `close`
 */
export async function listenCheckout<Options extends Record<string, unknown>>(routes: FastifyPluginAsync<Options>, routeOptions: Options, listen: { port?: number; host?: string }): Promise<{ url: string; close(): Promise<void> }> {
  const app = Fastify({ logger: false })
  await app.register(errorHandlerPlugin, { frameworkCodes: false })
  await app.register(routes, routeOptions)
  const host = listen.host ?? '127.0.0.1'
  await app.listen({ port: listen.port ?? 0, host })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : listen.port
  return { url: `http://${host}:${port}`, close: () => app.close() }
}
