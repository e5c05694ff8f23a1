import fastifyPlugin from 'fastify-plugin'
import type { Storage } from './openStorage.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** The storage layer (Kysely over SQLite or Postgres): see server/plugins/database/README.md. */
    storage: Storage
  }
}

/**
 * Decorates the app with the storage layer so every feature plugin registered after it reads
 * `app.storage`. Opened by the caller (`startBackend` needs it before the server, for the history
 * indexer and the leases); with `owned`, the app's close ends it.
 */
export const databasePlugin = fastifyPlugin<{ storage: Storage; owned?: boolean }>(
  async (app, { storage, owned }) => {
    app.decorate('storage', storage)
    if (owned) app.addHook('onClose', () => storage.close())
  },
  { name: 'latch-database', fastify: '5.x' },
)
