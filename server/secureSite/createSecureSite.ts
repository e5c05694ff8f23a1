import type { Storage } from '../plugins/database/openStorage.js'
import Fastify, { type FastifyInstance } from 'fastify'
import type { BackendServices } from '../plugins/services/BackendServices.js'
import type { ProjectStore } from '../plugins/projects/ProjectStore.js'
import type { Mailer } from '../mail/startMailService.js'
import { createStrictValidatorCompiler } from '../admin/createStrictValidatorCompiler.js'
import { openRateLimiter, type RateLimitOptions } from '../plugins/requestGuards/openRateLimiter.js'
import { RateLimitedError, OriginNotAllowedError } from '../plugins/requestGuards/errors.js'
import { errorHandlerPlugin } from '../plugins/errorHandler/errorHandlerPlugin.js'
import { createSecureSiteTables } from './createSecureSiteTables.js'
import { SqliteKeyStore } from './SqliteKeyStore.js'
import { SplitKeyStore } from './SplitKeyStore.js'
import { Passkeys } from './passkeys/Passkeys.js'
import { RecoveryShares } from './passkeys/RecoveryShares.js'
import { RecoveryVault } from './recoveryVault/RecoveryVault.js'
import type { KeyStore } from './KeyStore.js'
import { EmailLogin } from './EmailLogin.js'
import { EmailChange } from './EmailChange.js'
import { LoginLimits } from './LoginLimits.js'
import { SessionTokens } from './SessionTokens.js'
import { DpopProofs } from './DpopProofs.js'
import { WalletOperations } from './WalletOperations.js'
import { secureSiteApiRoutes } from './secureSiteApiRoutes.js'
import { framePageRoutes } from './framePageRoutes.js'
import { SocialClients, type SocialProviderConfigs } from './SocialClients.js'
import { SocialLogin } from './SocialLogin.js'
import { socialRoutes } from './socialRoutes.js'
import { FarcasterLogin } from './FarcasterLogin.js'
import { farcasterRoutes } from './farcasterRoutes.js'
import type { FarcasterConnect, IdRegistry } from '../farcaster/FarcasterConnect.js'
import { EmailLoginNotConfiguredError } from '../plugins/dev/errors.js'
import { SocialProviderNotConfiguredError } from './errors.js'
import { fastifyLoggerOptions, type LoggerOption } from '../http/loggerOptions.js'
import type { TrustProxy } from '../plugins/requestGuards/clientIpOf.js'
import type Redis from 'ioredis'
import { openExpiringStore } from '../plugins/redis/ExpiringStore.js'
import { healthRoutes } from '../health/healthRoutes.js'
import { redisFirstSightings } from '../plugins/redis/redisFirstSightings.js'

export interface SecureSiteOptions {
  services: BackendServices
  /** The storage layer (`openStorage`), the main backend's: on SQLite its file is also brought up to date here (`createSecureSiteTables`). */
  storage: Storage
  /** The same projects as the main backend: its allow-lists decide who may embed the frame. */
  projects: ProjectStore
  /** Sends login and email-change codes; none: both are refused as not configured. */
  mailer?: Mailer
  /** The master secret (`resolveMasterSecret`): keys at rest, session tokens, code hashes. */
  secret: Buffer
  /** Where user keys live; the encrypted SQLite store by default. */
  keys?: KeyStore
  /**
   * New users' keys are split into shares and never kept whole (`SplitKeyStore`, KEY_SHARES.md):
   * the frame signs every method. On by default; `false` keeps new keys whole under the master
   * secret, signed on the server (the model before the split, kept for its tests).
   */
  keyShares?: boolean
  /** Seals new users' recovery secrets for automatic recovery (`RecoveryVault`); none: only a passkey recovers a wallet on a new device. */
  recoveryVaultKey?: Buffer
  /** How long a session lasts at most, across refreshes: 7 days by default (its access tokens last 10 minutes). */
  sessionTtlSeconds?: number
  /**
   * Each social provider's issuer, client id and secret, read when a login starts (the local
   * OpenID provider's issuer is known only once it runs). None: social login is refused.
   */
  socialProviders?: () => SocialProviderConfigs
  /** Requests a minute per client IP; `false` turns it off. */
  rateLimit?: RateLimitOptions | false
  logger?: LoggerOption
  /** Fastify's `trustProxy`: the client IP comes from X-Forwarded-For only when set. */
  trustProxy?: TrustProxy
  /** The Farcaster Connect relay the secure site opens channels on, and the ID registry it reads custody from; none: Farcaster login is refused. */
  farcaster?: { connect: FarcasterConnect; registry: IdRegistry }
  /**
   * The origin browsers reach the site at, when a TLS proxy serves it (`https://wallet.example.com`):
   * the Origin its API accepts, the DPoP proofs' URL, passkeys' origin and the social callback.
   * The listening address by default.
   */
  publicUrl?: string
  /** The Redis instances share (`--redis`): rate limits and login state in flight live there, and `/health` checks it. */
  redis?: Redis
}

export interface SecureSite {
  app: FastifyInstance
  /** Set by `listen`. */
  url: string
  listen(port: number, host?: string): Promise<string>
  close(): Promise<void>
}

const DEFAULT_RATE_LIMIT: RateLimitOptions = { max: 1200, windowMs: 60_000 }

/** The routes that email a code: refused up front when no mail server is configured. */
const MAIL_SENDING_ROUTES = new Set(['/api/email/start', '/api/email/change'])
const notConfiguredMailer: Mailer = { send: () => Promise.reject(new EmailLoginNotConfiguredError()) }

/**
 * The embedded wallet's secure site: a Fastify app of its own, served on its own origin so the
 * browser keeps the host page and the wallet apart. It serves the frame page and the API the
 * frame calls; users' keys never leave it.
 *
 * @param options - see `SecureSiteOptions`
 * @returns the app, not yet listening
 * @example
 * const site = await createSecureSite({ services, projects, mailer, secret })
 * const url = await site.listen(0)
 */
export async function createSecureSite(options: SecureSiteOptions): Promise<SecureSite> {
  const { services, projects, storage } = options
  // Older SQLite files only: with Postgres the data folder's file holds none of these tables.
  if (storage.sqlite) createSecureSiteTables(storage.sqlite)
  const vault = options.recoveryVaultKey && new RecoveryVault(storage, options.recoveryVaultKey)
  const keys = options.keys ?? (options.keyShares !== false ? new SplitKeyStore(storage, options.secret, vault, openExpiringStore('key-enrollments', options.redis, options.secret)) : new SqliteKeyStore(storage, options.secret))
  const mailer = options.mailer ?? notConfiguredMailer
  const limits = new LoginLimits(storage)
  const login = new EmailLogin({ storage, projectName: (id) => projects.get(id)?.name, mailer, keys, secret: options.secret, limits })
  const sessions = new SessionTokens(storage, options.secret, options.sessionTtlSeconds ?? 7 * 24 * 3600)
  const proofs = new DpopProofs(options.redis && redisFirstSightings(options.redis, 'dpop-proofs'))
  const emailChange = new EmailChange({ storage, mailer, secret: options.secret, limits, sessions })
  const wallet = new WalletOperations(services, storage, keys)
  const social = new SocialLogin({ storage, keys, clients: new SocialClients(options.socialProviders ?? (() => ({}))) })
  const app = Fastify({ logger: fastifyLoggerOptions(options.logger), trustProxy: options.trustProxy ?? false, bodyLimit: 256 * 1024 })
  app.setValidatorCompiler(createStrictValidatorCompiler())
  await app.register(errorHandlerPlugin, { frameworkCodes: false })
  // An origin, whatever the operator typed (`https://wallet.example.com/`): the Origin header and
  // every link are compared and built from exactly this.
  const publicOrigin = options.publicUrl === undefined ? undefined : new URL(options.publicUrl).origin
  const site: SecureSite = {
    app,
    url: '',
    async listen(port, host = '127.0.0.1') {
      await app.listen({ port, host })
      const address = app.server.address()
      site.url = publicOrigin ?? `http://${host}:${typeof address === 'object' && address ? address.port : port}`
      return site.url
    },
    close: () => app.close(),
  }
  const limit = options.rateLimit === undefined ? DEFAULT_RATE_LIMIT : options.rateLimit
  const limiter = limit ? openRateLimiter(limit, options.redis && { redis: options.redis, keyPrefix: 'latch-rate-site' }) : undefined
  app.addHook('onRequest', async (request, reply) => {
    // The API is the frame's own: a page elsewhere gets no CORS headers and is refused here,
    // even for requests a browser sends without a preflight.
    const origin = request.headers.origin
    if (request.url.startsWith('/api/') && origin !== undefined && origin !== site.url)
      throw new OriginNotAllowedError()
    // The balancer's health check is never limited (it would take a healthy instance out of rotation).
    const retryAfter = request.url === '/health' ? undefined : await limiter?.hit(request.ip)
    if (retryAfter === undefined) return
    void reply.header('retry-after', String(retryAfter))
    throw new RateLimitedError()
  })
  // Without a mailer, refused before any code is stored (a stored one would make a retry "too soon").
  if (!options.mailer)
    app.addHook('preHandler', async (request) => {
      if (MAIL_SENDING_ROUTES.has(request.routeOptions.url ?? '')) throw new EmailLoginNotConfiguredError()
    })
  await app.register(healthRoutes, { storage, redis: options.redis })
  await app.register(framePageRoutes, { projects, login })
  // Passkeys seal split keys' recovery shares: only where keys are split.
  const passkeys = keys instanceof SplitKeyStore
    ? { passkeys: new Passkeys(storage, { origin: () => site.url }, openExpiringStore('passkey-challenges', options.redis, options.secret, { maxEntries: 10_000 })), recovery: new RecoveryShares(storage, options.secret, openExpiringStore('recovery-tickets', options.redis, options.secret)), vault }
    : undefined
  await app.register(secureSiteApiRoutes, { projects, login, emailChange, sessions, proofs, wallet, keys, social, siteUrl: () => site.url, passkeys })
  await app.register(socialRoutes, { projects, social, sessions, proofs, siteUrl: () => site.url })
  if (options.farcaster)
    await app.register(farcasterRoutes, { projects, sessions, proofs, siteUrl: () => site.url, farcaster: new FarcasterLogin({ relay: options.farcaster.connect, registry: options.farcaster.registry, social, pending: openExpiringStore('farcaster-logins', options.redis, options.secret) }) })
  else
    app.post('/api/farcaster/start', async () => {
      throw new SocialProviderNotConfiguredError({ provider: 'farcaster' })
    })
  return site
}
