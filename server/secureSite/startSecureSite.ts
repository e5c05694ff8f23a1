import type { FastifyInstance } from 'fastify'
import type { BackendServices } from '../BackendServices.js'
import type { ProjectStore } from '../storage/ProjectStore.js'
import type { RateLimitOptions } from '../createRateLimiter.js'
import { startMailService, type MailService } from '../mail/startMailService.js'
import { mailboxRoutes } from '../routes/mailboxRoutes.js'
import { loadSecureSiteSecret } from './loadSecureSiteSecret.js'
import { createSecureSite } from './createSecureSite.js'

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
  rateLimit?: RateLimitOptions | false
  logger?: boolean
  /** Prints a line per email received (the dev log). */
  printMail?: boolean
}

/** The running secure site and its mail path. */
export interface RunningSecureSite {
  url: string
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
  const log = options.printMail ? (line: string) => console.log(`[mail] ${line}`) : undefined
  const mail = await startMailService({ smtpUrl: options.smtpUrl, log })
  try {
    await options.mainApp.register(mailboxRoutes, { mailbox: mail.mailbox })
    const site = await createSecureSite({
      services: options.services,
      projects: options.projects,
      mailer: mail.mailer,
      secret: loadSecureSiteSecret(options.dataDir).secret,
      sessionTtlSeconds: options.sessionTtlSeconds,
      rateLimit: options.rateLimit,
      logger: options.logger,
    })
    const url = await site.listen(options.port, options.host)
    return {
      url,
      mail,
      async close() {
        await site.close().catch(() => undefined)
        await mail.close()
      },
    }
  } catch (error) {
    await mail.close().catch(() => undefined)
    throw error
  }
}
