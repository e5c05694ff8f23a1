import type { FastifyInstance } from 'fastify'
import type { BackendServices } from '../BackendServices.js'
import type { ProjectStore } from '../storage/ProjectStore.js'
import type { RateLimitOptions } from '../createRateLimiter.js'
import { startMailService, type MailService } from '../mail/startMailService.js'
import { mailboxRoutes } from '../routes/mailboxRoutes.js'
import { loadSecureSiteSecret } from './loadSecureSiteSecret.js'
import { createSecureSite } from './createSecureSite.js'
import { OAUTH_SOCIAL_PROVIDERS, type SocialProviderConfigs } from './SocialClients.js'
import { startLocalOpenIdProvider, type LocalOpenIdProvider } from '../oidc/startLocalOpenIdProvider.js'
import { createHash } from 'node:crypto'
import { lineLoggerOf, type LoggerOption } from '../loggerOptions.js'
import type { TrustProxy } from '../clientIpOf.js'
import { FarcasterRelay } from '../farcaster/FarcasterRelay.js'
import { farcasterRelayRoutes } from '../farcaster/farcasterRelayRoutes.js'

export interface StartSecureSiteOptions {
  services: BackendServices
  projects: ProjectStore
  /** The main backend's app, not yet listening: it gets `GET /dev/mailbox`. */
  mainApp: FastifyInstance
  dataDir: string
  port: number
  host: string
  /** A real mail server; the embedded SMTP server and dev mailbox otherwise. */
  smtpUrl?: string
  sessionTtlSeconds?: number
  /**
   * Real social providers (issuer, client id, secret). Every provider not given here logs in
   * through the embedded local OpenID provider, so the whole flow runs offline.
   */
  socialProviders?: SocialProviderConfigs
  /** The local OpenID provider's port; a free one by default. */
  openIdProviderPort?: number
  rateLimit?: RateLimitOptions | false
  logger?: LoggerOption
  trustProxy?: TrustProxy
  /** Prints a line per email received (the dev log). */
  printMail?: boolean
}

/** The running secure site and its mail path. */
export interface RunningSecureSite {
  url: string
  /** The local OpenID provider's issuer; undefined when every social provider is a real one. */
  openIdIssuer: string | undefined
  mail: MailService
  close(): Promise<void>
}

/**
 * Starts the embedded wallet's side of the backend: mail (embedded SMTP server or `smtpUrl`),
 * the dev mailbox route on the main app, and the secure site on its own port (its own origin).
 *
 * @param options - see `StartSecureSiteOptions`
 * @returns its URL, the mail service and `close`
 */
export async function startSecureSite(options: StartSecureSiteOptions): Promise<RunningSecureSite> {
  const toLog = lineLoggerOf(options.logger)
  const log = options.printMail ? (line: string) => toLog(`[mail] ${line}`) : undefined
  const mail = await startMailService({ smtpUrl: options.smtpUrl, log })
  let openId: LocalOpenIdProvider | undefined
  try {
    const secret = loadSecureSiteSecret(options.dataDir).secret
    const configured = options.socialProviders ?? {}
    const local = OAUTH_SOCIAL_PROVIDERS.filter((provider) => !configured[provider])
    // The same client code for both: the local provider is a standard issuer with one client per provider.
    const localClient = (provider: string) => ({
      clientId: `latch-secure-site-${provider}`,
      clientSecret: createHash('sha256').update(secret).update(`local openid client ${provider}`).digest('base64url'),
    })
    let socialProviders: SocialProviderConfigs = { ...configured }
    await options.mainApp.register(mailboxRoutes, { mailbox: mail.mailbox })
    // The local Farcaster Connect relay lives on the main backend; the secure site is one of its relying parties.
    const farcasterRelay = new FarcasterRelay()
    await options.mainApp.register(farcasterRelayRoutes, { relay: farcasterRelay })
    const site = await createSecureSite({
      services: options.services,
      projects: options.projects,
      mailer: mail.mailer,
      secret,
      socialProviders: () => socialProviders,
      farcasterRelay,
      sessionTtlSeconds: options.sessionTtlSeconds,
      rateLimit: options.rateLimit,
      logger: options.logger,
      trustProxy: options.trustProxy,
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
      socialProviders = { ...Object.fromEntries(local.map((provider) => [provider, { issuer, ...localClient(provider) }])), ...configured }
    }
    const provider = openId
    return {
      url,
      mail,
      openIdIssuer: provider?.issuer,
      async close() {
        await site.close().catch(() => undefined)
        await provider?.close().catch(() => undefined)
        await mail.close()
      },
    }
  } catch (error) {
    await openId?.close().catch(() => undefined)
    await mail.close().catch(() => undefined)
    throw error
  }
}
