import Fastify, { type FastifyInstance } from 'fastify'
import fastifyStatic from '@fastify/static'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { randomBytes } from 'node:crypto'
import type { Project } from './projects.js'
import { catalogueConfigRoutes } from './routes/catalogueConfigRoutes.js'
import { configStreamRoutes } from './routes/configStreamRoutes.js'
import { adminApiRoutes } from './admin/adminApiRoutes.js'
import { adminPageRoutes } from './admin/page/adminPageRoutes.js'
import { ProjectStore } from './storage/ProjectStore.js'
import { eventRoutes } from './routes/eventRoutes.js'
import { walletRoutes } from './routes/walletRoutes.js'
import { imageRoutes } from './routes/imageRoutes.js'
import { loadWalletCatalogue } from './catalogue/loadWalletCatalogue.js'
import type { WalletCatalogue } from './catalogue/WalletCatalogue.js'
import { openDatabase, type LatchDatabase } from './storage/openDatabase.js'
import { databasePlugin, openStorage, type Storage } from './plugins/database/index.js'
import { registerRequestGuards, type RateLimitOptions } from './registerRequestGuards.js'
import type { BackendServices } from './BackendServices.js'
import { blockchainRoutes } from './routes/blockchainRoutes.js'
import { chainUnavailableAnswer } from './chainUnavailableAnswer.js'
import { ServerError } from './errors/ServerError.js'
import { RouteNotFoundError } from './errors/request.js'
import type { ReplyCode } from './errors/replyCodes.js'
import { requireAdminTokenOnDevRoutes } from './routes/requireAdminTokenOnDevRoutes.js'
import { fastifyLoggerOptions, type LoggerOption } from './loggerOptions.js'
import type { TrustProxy } from './clientIpOf.js'

export interface ServerOptions {
  /** Serves this folder at `/` (the built demo page). */
  staticDir?: string
  /** Created or replaced in the database at start (`--projects FILE`); the others are kept. */
  projects?: Project[]
  /** The admin API's bearer token (`resolveAdminToken`); a random one nobody knows when absent. */
  adminToken?: string
  /** Between two `: ping` comments on a config stream: 25 s by default. */
  configStreamPingMs?: number
  logger?: LoggerOption
  /** Fastify's `trustProxy`: X-Forwarded-For names the client (rate limits, relay caps) only when set. */
  trustProxy?: TrustProxy
  /** SQLite database; an in-memory one when absent. */
  db?: LatchDatabase
  /** The storage layer (`openStorage`); `services.storage`, else one over `db`, when absent. */
  storage?: Storage
  /** Wallets served by `/getWallets`: the data file's 300+ by default, 5,000 for benchmarks. */
  catalogueScale?: number
  /** Requests per window per client IP before 429; `false` turns the limit off. */
  rateLimit?: RateLimitOptions | false
  /** Chains and storage for the blockchain service; without them only the catalogue is served. */
  services?: BackendServices
  /** Dev mode (`startBackend`'s `dev`): the `/dev/*` routes and the on-ramp's test checkout exist, `/dev/*` behind the admin token. */
  dev?: boolean
  /** The secure site offers passkeys (key shares on): the remote configuration says so (`passkeys`), and the kit shows them. */
  passkeys?: boolean
}

export interface LatchServer {
  app: FastifyInstance
  db: LatchDatabase
  /** The projects every route reads; writes here reach routes and config streams at once. */
  projects: ProjectStore
  /** The admin API's bearer token. */
  adminToken: string
  /** The wallets `/getWallets` serves; `catalogue.replace(wallets)` swaps them and drops every cached page. */
  catalogue: WalletCatalogue
  listen(port: number, host?: string): Promise<string>
  close(): Promise<void>
}

/** Default limit: generous for a dev page, reachable by a test (SPEC §9: 429). */
export const DEFAULT_RATE_LIMIT: RateLimitOptions = { max: 20_000, windowMs: 60_000 }

/**
 * Builds the reference backend: the catalogue service of SPEC §7 always, the blockchain service
 * and chain RPC when `services` are given (see `startBackend`, which starts the chains).
 *
 * @param options - see `ServerOptions`
 * @returns the Fastify app, not yet listening
 * @example
 * const server = await createServer({ staticDir: 'dist/demo' })
 * const url = await server.listen(0)
 */
export async function createServer(options: ServerOptions = {}): Promise<LatchServer> {
  const app = Fastify({
    logger: fastifyLoggerOptions(options.logger),
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    // Validation messages name the field: "querystring/page must be >= 1".
    ajv: { customOptions: { allErrors: false, coerceTypes: 'array', removeAdditional: false } },
  })
  app.setErrorHandler((thrown, request, reply) => {
    // A dead or slow node is not our bug: the client may retry later (SPEC §8 'Server Error').
    const unavailable = chainUnavailableAnswer(thrown)
    if (unavailable) {
      request.log.warn({ err: thrown }, 'chain node unavailable')
      return void reply.code(unavailable.status).send({ code: unavailable.code, message: unavailable.message })
    }
    if (thrown instanceof ServerError) {
      if (thrown.statusCode >= 500) request.log.error({ err: thrown }, 'request failed')
      return void reply.code(thrown.statusCode).send({ code: thrown.replyCode, message: thrown.statusCode === 500 ? 'Internal error' : thrown.shortMessage })
    }
    const error = thrown as { statusCode?: number; code?: string; message: string; validation?: unknown; validationContext?: string }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500
    if (status === 500) request.log.error({ err: error }, 'request failed')
    // Ours from the registry; a framework error keeps fastify's own code.
    const code = error.validation ? ('INVALID_REQUEST' satisfies ReplyCode) : status === 500 ? ('INTERNAL' satisfies ReplyCode) : (error.code ?? ('BAD_REQUEST' satisfies ReplyCode))
    // Errors leave as {code, message}: never a stack trace, never an internal message.
    void reply.code(status).send({ code, message: status === 500 ? 'Internal error' : error.message })
  })
  app.setNotFoundHandler(async (request) => {
    throw new RouteNotFoundError({ method: request.method, path: request.url.split('?')[0] ?? '' })
  })
  const db = options.db ?? openDatabase(':memory:')
  const ownsDb = !options.db
  // Before every feature plugin: they read `app.storage`.
  const storage = options.storage ?? options.services?.storage
  await app.register(databasePlugin, storage ? { storage } : { storage: await openStorage({ sqlite: db }), owned: true })
  const projects = await ProjectStore.open(app.storage)
  app.addHook('onClose', async () => projects.close())
  if (options.projects) await projects.import(options.projects)
  const adminToken = options.adminToken ?? randomBytes(32).toString('base64url')
  // Before any route: every `/dev/*` route, whoever registers it (the secure site adds some), needs the token.
  if (options.dev) requireAdminTokenOnDevRoutes(app, adminToken)
  const guards = registerRequestGuards(app, { projects, rateLimit: options.rateLimit === undefined ? DEFAULT_RATE_LIMIT : options.rateLimit, trustProxy: options.trustProxy })
  const catalogue = loadWalletCatalogue(options.catalogueScale)
  await app.register(catalogueConfigRoutes, { projects, passkeys: options.passkeys ?? false })
  await app.register(configStreamRoutes, { projects, pingMs: options.configStreamPingMs ?? 25_000, passkeys: options.passkeys ?? false })
  await app.register(adminApiRoutes, { projects, token: adminToken, prefix: '/admin/api' })
  await app.register(adminPageRoutes)
  await app.register(eventRoutes, { projects, db })
  await app.register(walletRoutes, { catalogue })
  await app.register(imageRoutes, { catalogue })
  await app.register((await import('./relay/relayPlugin.js')).relayPlugin, { path: '/relay', storage: app.storage, projects, clientIp: guards.clientIp })
  if (options.services) await app.register(blockchainRoutes, { services: options.services, guards, dev: options.dev ?? false })
  if (options.staticDir && existsSync(options.staticDir)) {
    await app.register(fastifyStatic, { root: resolve(options.staticDir), prefix: '/' })
  }
  return {
    app,
    db,
    projects,
    adminToken,
    catalogue,
    async listen(port, host = '127.0.0.1') {
      await app.listen({ port, host })
      const address = app.server.address()
      const actual = typeof address === 'object' && address ? address.port : port
      return `http://${host}:${actual}`
    },
    async close() {
      await app.close()
      if (ownsDb) db.close()
    },
  }
}
