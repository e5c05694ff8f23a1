import Fastify, { type FastifyInstance } from 'fastify'
import fastifyStatic from '@fastify/static'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { randomBytes } from 'node:crypto'
import type { Project } from './plugins/projects/projects.js'
import { catalogueConfigRoutes } from './config/catalogueConfigRoutes.js'
import { configStreamRoutes } from './config/configStreamRoutes.js'
import { adminApiRoutes } from './admin/adminApiRoutes.js'
import { adminPageRoutes } from './admin/adminPageRoutes.js'
import { ProjectStore } from './plugins/projects/ProjectStore.js'
import { eventRoutes } from './analytics/eventRoutes.js'
import { walletRoutes } from './catalogue/walletRoutes.js'
import { imageRoutes } from './catalogue/imageRoutes.js'
import { loadWalletCatalogue } from './catalogue/loadWalletCatalogue.js'
import type { WalletCatalogue } from './catalogue/WalletCatalogue.js'
import { openDatabase, type LatchDatabase } from './plugins/database/openDatabase.js'
import { errorHandlerPlugin } from './plugins/errorHandler/errorHandlerPlugin.js'
import { databaseMigrations, databasePlugin, openStorage, type FeatureMigrations, type Storage } from './plugins/database/index.js'
import { namesMigrations } from './names/migrations/index.js'
import { onrampMigrations } from './onramp/migrations/index.js'
import { blockchainMigrations } from './blockchain/migrations/index.js'
import { siwxMigrations } from './siwx/migrations/index.js'
import { secureSiteMigrations } from './secureSite/migrations/index.js'
import { relayMigrations } from './relay/migrations/index.js'
import { projectsMigrations } from './plugins/projects/migrations/index.js'
import { analyticsMigrations } from './analytics/migrations/index.js'
import { sessionsMigrations } from './sessions/migrations/index.js'
import { requestGuardsPlugin } from './plugins/requestGuards/requestGuardsPlugin.js'
import type { RateLimitOptions } from './plugins/requestGuards/createRateLimiter.js'
import { projectsPlugin } from './plugins/projects/projectsPlugin.js'
import type { BackendServices } from './plugins/services/BackendServices.js'
import type { Deployment } from './plugins/services/Deployment.js'
import { devFaultsPlugin } from './plugins/dev/devFaultsPlugin.js'
import { servicesPlugin } from './plugins/services/servicesPlugin.js'
import { chainRpcRoutes } from './rpc/chainRpcRoutes.js'
import { supportedChainsRoutes } from './blockchain/supportedChainsRoutes.js'
import { balanceRoutes } from './blockchain/balanceRoutes.js'
import { historyRoutes } from './blockchain/historyRoutes.js'
import { nftRoutes } from './blockchain/nftRoutes.js'
import { fungiblePriceRoutes } from './blockchain/fungiblePriceRoutes.js'
import { convertRoutes } from './convert/convertRoutes.js'
import { profileRoutes } from './names/profileRoutes.js'
import { sessionRoutes } from './sessions/sessionRoutes.js'
import { onrampRoutes } from './onramp/onrampRoutes.js'
import { onrampWebhookRoutes } from './onramp/onrampWebhookRoutes.js'
import { fastifyLoggerOptions, type LoggerOption } from './http/loggerOptions.js'
import type { TrustProxy } from './plugins/requestGuards/clientIpOf.js'
import { openRedis } from './plugins/redis/openRedis.js'
import { untilRedisReady } from './plugins/redis/untilRedisReady.js'
import { healthRoutes } from './health/healthRoutes.js'

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
  /** The storage layer (`openStorage`); one over `db` when absent. */
  storage?: Storage
  /** Wallets served by `/getWallets`: the data file's 300+ by default, 5,000 for benchmarks. */
  catalogueScale?: number
  /** Requests per window per client IP before 429; `false` turns the limit off. */
  rateLimit?: RateLimitOptions | false
  /** A shared Redis (`--redis`): rate limits and the relay live there, shared by every instance; in memory when absent. */
  redisUrl?: string
  /** WebSockets the relay holds on this instance (1,000 by default). */
  relayMaxConnections?: number
  /** Chains and storage for the blockchain service; without them only the catalogue is served. */
  services?: BackendServices
  /** What `GET /dev/deployment` answers (dev mode), once the backend listens: `startBackend` fills it. */
  deployment?: () => Deployment | undefined
  /** Dev mode (`startBackend`'s `dev`): the `/dev/*` routes and the on-ramp's test checkout exist, `/dev/*` behind the admin token. */
  dev?: boolean
  /** The secure site offers passkeys (key shares on): the remote configuration says so (`passkeys`), and the kit shows them. */
  passkeys?: boolean
  /** The URL browsers reach this server at behind a TLS proxy (`https://api.example.com`): links in answers use it. */
  publicUrl?: string
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

/**
 * Every table's migrations, each list from the feature that owns the tables: what `openStorage`
 * is given by the backend, the tools and the tests. The storage layer imports no feature.
 */
export const BACKEND_MIGRATIONS: readonly FeatureMigrations[] = [
  databaseMigrations,
  projectsMigrations,
  namesMigrations,
  onrampMigrations,
  blockchainMigrations,
  siwxMigrations,
  secureSiteMigrations,
  relayMigrations,
  analyticsMigrations,
  sessionsMigrations,
]

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
  await app.register(errorHandlerPlugin)
  // Read by `requestBaseUrl` on every route: behind a proxy the socket's address is not the public one.
  app.decorate('latchPublicUrl', options.publicUrl)
  const db = options.db ?? openDatabase(':memory:')
  const ownsDb = !options.db
  // Before every feature plugin: they read `app.storage`.
  const storage = options.storage
  await app.register(databasePlugin, storage ? { storage } : { storage: await openStorage({ sqlite: db, migrations: BACKEND_MIGRATIONS }), owned: true })
  const projects = await ProjectStore.open(app.storage)
  app.addHook('onClose', async () => projects.close())
  if (options.projects) await projects.import(options.projects)
  await app.register(projectsPlugin, { projects })
  const adminToken = options.adminToken ?? randomBytes(32).toString('base64url')
  const rateLimitRedis = options.redisUrl ? openRedis(options.redisUrl, 'rate-limits') : undefined
  if (rateLimitRedis) {
    app.addHook('onClose', async () => rateLimitRedis.disconnect())
    await untilRedisReady(rateLimitRedis)
  }
  // Before any route: every `/dev/*` route, whoever registers it (the secure site adds some), needs the token.
  await app.register(requestGuardsPlugin, {
    rateLimit: options.rateLimit === undefined ? DEFAULT_RATE_LIMIT : options.rateLimit,
    trustProxy: options.trustProxy,
    redis: rateLimitRedis,
    devRoutesToken: options.dev ? adminToken : undefined,
  })
  const healthRedis = options.redisUrl ? openRedis(options.redisUrl, 'health') : undefined
  if (healthRedis) app.addHook('onClose', async () => healthRedis.disconnect())
  await app.register(healthRoutes, { storage: app.storage, redis: healthRedis })
  const catalogue = loadWalletCatalogue(options.catalogueScale)
  await app.register(catalogueConfigRoutes, { passkeys: options.passkeys ?? false })
  await app.register(configStreamRoutes, { pingMs: options.configStreamPingMs ?? 25_000, passkeys: options.passkeys ?? false })
  await app.register(adminApiRoutes, { token: adminToken, prefix: '/admin/api' })
  await app.register(adminPageRoutes)
  await app.register(eventRoutes)
  await app.register(walletRoutes, { catalogue })
  await app.register(imageRoutes, { catalogue })
  await app.register((await import('./relay/relayPlugin.js')).relayPlugin, { path: '/relay', storage: app.storage, projects, clientIp: app.guards.clientIp, redisUrl: options.redisUrl, maxConnections: options.relayMaxConnections })
  if (options.services) {
    // The blockchain service of SPEC §7 plus the chain RPC, each feature its own plugin.
    // Dev mode's test switches, before the routes they break; never on a production backend.
    if (options.dev) await app.register(devFaultsPlugin, { deployment: options.deployment ?? (() => undefined) })
    // The local chains, as `app.services`, for the routes below.
    await app.register(servicesPlugin, { services: options.services })
    await app.register(chainRpcRoutes)
    for (const routes of [supportedChainsRoutes, balanceRoutes, historyRoutes, nftRoutes, fungiblePriceRoutes, convertRoutes, profileRoutes, sessionRoutes])
      await app.register(routes)
    await app.register(onrampRoutes)
    // A provider's word that it delivered an order; dev mode's test checkout is such a provider, on its own origin.
    const onramp = options.services.onramp
    await app.register(onrampWebhookRoutes, { providers: new Map(onramp ? [[onramp.id, onramp]] : []) })
    await app.register((await import('./siwx/siwxRoutes.js')).siwxRoutes)
  }
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
