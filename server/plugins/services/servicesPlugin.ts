import fastifyPlugin from 'fastify-plugin'
import type { BackendServices } from './BackendServices.js'

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The local chains the blockchain features share (`servicesPlugin`). Registered only when the
     * backend runs them (`createServer`'s `services`), and so are the routes that read it.
     */
    services: BackendServices
  }
}

/** Decorates the app with the local chains, so the blockchain-service routes registered after it read `app.services`. */
export const servicesPlugin = fastifyPlugin<{ services: BackendServices }>(
  async (app, { services }) => {
    app.decorate('services', services)
  },
  { name: 'latch-services', fastify: '5.x' },
)
