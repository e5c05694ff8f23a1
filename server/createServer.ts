import Fastify, { type FastifyInstance } from 'fastify'
import fastifyStatic from '@fastify/static'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { DEV_PROJECT, type Project } from './projects.js'
import { catalogueConfigRoutes } from './routes/catalogueConfigRoutes.js'
import { eventRoutes, type StoredEvent } from './routes/eventRoutes.js'

export interface ServerOptions {
  /** Serves this folder at `/` (the built demo page). */
  staticDir?: string
  projects?: Project[]
  logger?: boolean
}

export interface LatchServer {
  app: FastifyInstance
  events: StoredEvent[]
  listen(port: number, host?: string): Promise<string>
  close(): Promise<void>
}

/** Builds the reference backend: the catalogue and blockchain services of SPEC §7. */
export async function createServer(options: ServerOptions = {}): Promise<LatchServer> {
  const app = Fastify({
    logger: options.logger ?? false,
    // Errors leave as {code, message}: never a stack trace.
    bodyLimit: 1024 * 1024,
  })
  app.setErrorHandler((thrown, _request, reply) => {
    const error = thrown as { statusCode?: number; code?: string; message: string }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500
    if (status === 500) app.log.error(error)
    void reply.code(status).send({ code: error.code ?? 'INTERNAL', message: status === 500 ? 'Internal error' : error.message })
  })
  const projects = new Map((options.projects ?? [DEV_PROJECT]).map((p) => [p.id, p]))
  const events: StoredEvent[] = []
  await app.register(catalogueConfigRoutes, { projects })
  await app.register(eventRoutes, { projects, events })
  if (options.staticDir && existsSync(options.staticDir)) {
    await app.register(fastifyStatic, { root: resolve(options.staticDir), prefix: '/' })
  }
  return {
    app,
    events,
    async listen(port, host = '127.0.0.1') {
      await app.listen({ port, host })
      const address = app.server.address()
      const actual = typeof address === 'object' && address ? address.port : port
      return `http://${host}:${actual}`
    },
    close: () => app.close(),
  }
}
