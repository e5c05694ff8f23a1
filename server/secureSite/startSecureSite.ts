import type { Storage } from '../plugins/database/openStorage.js'
import type { FastifyInstance } from 'fastify'
import type { BackendServices } from '../plugins/services/BackendServices.js'
import type { ProjectStore } from '../plugins/projects/ProjectStore.js'
import type { RateLimitOptions } from '../plugins/requestGuards/createRateLimiter.js'
import { startMailService } from '../mail/startMailService.js'
import { DevMailbox } from '../mail/DevMailbox.js'
import { mailboxRoutes } from '../mail/mailboxRoutes.js'
import { createSecureSite } from './createSecureSite.js'
import { OAUTH_SOCIAL_PROVIDERS, type SocialProviderConfigs } from './SocialClients.js'
import { startLocalOpenIdProvider, type LocalOpenIdProvider } from '../oidc/startLocalOpenIdProvider.js'
import { createHash } from 'node:crypto'
import { lineLoggerOf, type LoggerOption } from '../http/loggerOptions.js'
import type { TrustProxy } from '../plugins/requestGuards/clientIpOf.js'
import { FarcasterRelay } from '../farcaster/FarcasterRelay.js'
import { farcasterRelayRoutes } from '../farcaster/farcasterRelayRoutes.js'
import { localFarcasterConnect } from '../farcaster/FarcasterConnect.js'
import { httpFarcasterConnect } from '../farcaster/httpFarcasterConnect.js'
import { onChainIdRegistry } from '../farcaster/onChainIdRegistry.js'
import type { Address } from 'viem'
import type Redis from 'ioredis'
import { openExpiringStore } from '../plugins/redis/ExpiringStore.js'

export interface StartSecureSiteOptions {
  services: BackendServices
  /** The main backend's storage layer. */
  storage: Storage
  projects: ProjectStore
  /** The main backend's app, not yet listening: in dev mode it gets `GET /dev/mailbox` and the Farcaster relay. */
  mainApp: FastifyInstance
  /** The master secret (`resolveMasterSecret`): keys at rest, session tokens, code hashes. */
  secret: Buffer
  port: number
  host: string
  /** A real mail server; else the embedded SMTP server and dev mailbox in dev mode, and no email login outside it. */
  smtpUrl?: string
  sessionTtlSeconds?: number
  /**
   * Real social providers (issuer, client id, secret). In dev mode every provider not given here
   * logs in through the embedded local OpenID provider, so the whole flow runs offline; outside
   * dev mode it is refused as not configured.
   */
  socialProviders?: SocialProviderConfigs
  /** The local OpenID provider's port; a free one by default. */
  openIdProviderPort?: number
  rateLimit?: RateLimitOptions | false
  logger?: LoggerOption
  trustProxy?: TrustProxy
  /** Prints a line per email received (the dev log). */
  printMail?: boolean
  /** Dev mode: the stand-ins (local OpenID provider, embedded SMTP server and mailbox, Farcaster relay and ID-registry stand-in) run. */
  dev: boolean
  /** New users' keys kept in shares, never whole (`createSecureSite`'s `keyShares`; on by default). */
  keyShares?: boolean
  /** Automatic recovery's vault key (`createSecureSite`'s `recoveryVaultKey`). */
  recoveryVaultKey?: Buffer
  /** The site's public origin behind a TLS proxy (`createSecureSite`'s `publicUrl`). */
  publicUrl?: string
  /** A real Farcaster Connect relay and the ID registry on an Optimism RPC; else the local relay in dev mode, and no Farcaster login outside it. */
  farcaster?: FarcasterConfig
  /** The shared Redis (`createSecureSite`'s `redis`). */
  redis?: Redis
}

/** Farcaster login against the real network (`--farcaster-relay`, `--farcaster-optimism-rpc`). */
export interface FarcasterConfig {
  /** The Farcaster Connect relay, e.g. `https://relay.farcaster.xyz`. */
  relayUrl: string
  /** An Optimism RPC the ID registry's `custodyOf` is read on. */
  optimismRpcUrl: string
  /** The IdRegistry's address: OP Mainnet's by default. */
  idRegistryAddress?: Address
}

/** The running secure site and its mail path. */
export interface RunningSecureSite {
  url: string
  /** The local OpenID provider's issuer; undefined outside dev mode or when every social provider is a real one. */
  openIdIssuer: string | undefined
  /** What the embedded SMTP server received (dev mode without `smtpUrl`); empty otherwise. */
  mailbox: DevMailbox
  close(): Promise<void>
}

/**
 * Starts the embedded wallet's side of the backend: mail (`smtpUrl`, or in dev mode the embedded
 * SMTP server), the secure site on its own port (its own origin) and, in dev mode only, the
 * stand-ins: the dev mailbox route and the Farcaster relay on the main app, the local OpenID provider.
 *
 * @param options - see `StartSecureSiteOptions`
 * @returns its URL, the dev mailbox and `close`
 */
export async function startSecureSite(options: StartSecureSiteOptions): Promise<RunningSecureSite> {
  const toLog = lineLoggerOf(options.logger)
  const log = options.printMail ? (line: string) => toLog(`[mail] ${line}`) : undefined
  // Outside dev mode without a real mail server there is no mail path: email login is refused.
  const mail = options.smtpUrl || options.dev ? await startMailService({ smtpUrl: options.smtpUrl, log }) : undefined
  let openId: LocalOpenIdProvider | undefined
  try {
    const secret = options.secret
    const configured = options.socialProviders ?? {}
    const local = options.dev ? OAUTH_SOCIAL_PROVIDERS.filter((provider) => !configured[provider]) : []
    // The same client code for both: the local provider is a standard issuer with one client per provider.
    const localClient = (provider: string) => ({
      clientId: `latch-secure-site-${provider}`,
      clientSecret: createHash('sha256').update(secret).update(`local openid client ${provider}`).digest('base64url'),
    })
    let socialProviders: SocialProviderConfigs = { ...configured }
    if (options.dev && mail) await options.mainApp.register(mailboxRoutes, { mailbox: mail.mailbox })
    // The local Farcaster Connect relay lives on the main backend; the secure site is one of its
    // relying parties. Its ID registry is a stand-in, so the relay runs in dev mode only.
    // A configured relay and registry take its place.
    // With a shared Redis the instances are one dev relay: a channel opened on one is approved on another.
    const shared = <T,>(name: string) => openExpiringStore<T>(name, options.redis, options.secret)
    const farcasterRelay = options.dev && !options.farcaster ? new FarcasterRelay(options.redis ? { channels: shared('farcaster-channels'), registry: shared('farcaster-registry') } : {}) : undefined
    if (farcasterRelay) await options.mainApp.register(farcasterRelayRoutes, { relay: farcasterRelay })
    const farcaster = options.farcaster
      ? { connect: httpFarcasterConnect(options.farcaster.relayUrl), registry: onChainIdRegistry({ rpcUrl: options.farcaster.optimismRpcUrl, address: options.farcaster.idRegistryAddress }) }
      : farcasterRelay && localFarcasterConnect(farcasterRelay)
    const site = await createSecureSite({
      services: options.services,
      storage: options.storage,
      projects: options.projects,
      mailer: mail?.mailer,
      secret,
      socialProviders: () => socialProviders,
      farcaster,
      sessionTtlSeconds: options.sessionTtlSeconds,
      rateLimit: options.rateLimit,
      logger: options.logger,
      trustProxy: options.trustProxy,
      keyShares: options.keyShares,
      recoveryVaultKey: options.recoveryVaultKey,
      publicUrl: options.publicUrl,
      redis: options.redis,
    })
    const url = await site.listen(options.port, options.host)
    if (local.length > 0) {
      openId = await startLocalOpenIdProvider({
        port: options.openIdProviderPort,
        host: options.host,
        cookieSecret: secret,
        clients: local.map((provider) => ({ ...localClient(provider), name: `Latch wallet (${provider})`, redirectUris: [`${url}/social/callback`] })),
      })
      const issuer = openId.issuer
      // Apple answers by form post (it must when asked for name or email): its stand-in does too.
      const localConfig = (provider: string) => ({ issuer, ...localClient(provider), ...(provider === 'apple' ? { responseMode: 'form_post' as const } : {}) })
      socialProviders = { ...Object.fromEntries(local.map((provider) => [provider, localConfig(provider)])), ...configured }
    }
    const provider = openId
    return {
      url,
      mailbox: mail?.mailbox ?? new DevMailbox(),
      openIdIssuer: provider?.issuer,
      async close() {
        await site.close().catch(() => undefined)
        await provider?.close().catch(() => undefined)
        await mail?.close()
      },
    }
  } catch (error) {
    await openId?.close().catch(() => undefined)
    await mail?.close().catch(() => undefined)
    throw error
  }
}
