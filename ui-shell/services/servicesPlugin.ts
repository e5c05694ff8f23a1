import { createToken, definePlugin, type Alert, type KitOptions } from '../../kernel/index.js'
import { Alerts } from './alerts.js'
import { createEventReporter, type EventReporter } from './createEventReporter.js'
import { createHttpClient, type HttpClient } from './createHttpClient.js'

/** The catalogue service (SPEC §7), when the host configured `apiUrl`. */
export const ApiClientToken = createToken<HttpClient | undefined>('ApiClient')
/** The blockchain service, when the host configured `blockchainApiUrl` or `apiUrl`. */
export const BlockchainClientToken = createToken<HttpClient | undefined>('BlockchainClient')
/** Analytics events and error reports (`POST /e`), limited to 5 errors a minute. */
export const EventReporterToken = createToken<EventReporter>('EventReporter')

/** The service clients of one kit, built before its plugins so start-up can read remote configuration. */
export interface KitServices {
  projectId: string | undefined
  api: HttpClient | undefined
  blockchain: HttpClient | undefined
  reporter: EventReporter
  /** Binds the reporter's alerts to the kit once it exists. */
  bindAlerts(raise: (alert: Alert) => void): void
}

/** Builds the service clients from the host's options; no URL, no client, no call. */
export function createServices(options: KitOptions, isAnalyticsOn: () => boolean): KitServices {
  const projectId = options.projectId?.trim() || undefined
  const client = (baseUrl: string | undefined) =>
    baseUrl ? createHttpClient({ baseUrl, projectId, fetch: options.fetch }) : undefined
  const api = client(options.apiUrl)
  let raise: (alert: Alert) => void = () => {}
  return {
    projectId,
    api,
    blockchain: client(options.blockchainApiUrl ?? options.apiUrl),
    reporter: createEventReporter({ api: projectId ? api : undefined, raiseAlert: (alert) => raise(alert), isEnabled: isAnalyticsOn }),
    bindAlerts(next) {
      raise = next
    },
  }
}

/** Shares the service clients with every plugin, and raises 'Project ID Not Configured' without one. */
export const servicesPlugin = (services: KitServices) =>
  definePlugin({
    id: 'services',
    shared: true,
    setup(ctx) {
      services.bindAlerts(ctx.raiseAlert)
      if (!services.projectId) ctx.raiseAlert(Alerts.ProjectIdNotConfigured)
      ctx.provide(ApiClientToken, services.api)
      ctx.provide(BlockchainClientToken, services.blockchain)
      ctx.provide(EventReporterToken, services.reporter)
    },
  })
