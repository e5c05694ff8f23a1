import { createToken, definePlugin, type Kit, type KitOptions } from '../../kernel/index.js'
import { AlertStore, AlertStoreToken, type Alert } from './AlertStore.js'
import { Alerts } from './alerts.js'
import { createEventReporter, type EventReporter } from './createEventReporter.js'
import { createHttpClient, type HttpClient } from './createHttpClient.js'
import { modalAnalyticsEvents } from './modalAnalyticsEvents.js'
import { trackBusEvents } from './trackBusEvents.js'

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
  alerts: AlertStore
  /** Binds the alerts to the kit's bus once it exists. */
  onAlert(announce: (alert: Alert) => void): void
  /** Binds the reporter to the kit, whose connected address each event carries. */
  bindKit(kit: Kit): void
}

/** Builds the service clients from the host's options; no URL, no client, no call. */
export function createServices(options: KitOptions, isAnalyticsOn: () => boolean): KitServices {
  const projectId = options.projectId?.trim() || undefined
  const client = (baseUrl: string | undefined) =>
    baseUrl ? createHttpClient({ baseUrl, projectId, fetch: options.fetch }) : undefined
  const api = client(options.apiUrl)
  let announce: (alert: Alert) => void = () => {}
  let kit: Kit | undefined
  const alerts = new AlertStore((alert) => announce(alert))
  return {
    projectId,
    api,
    blockchain: client(options.blockchainApiUrl ?? options.apiUrl),
    reporter: createEventReporter({
      api: projectId ? api : undefined,
      raiseAlert: (alert) => alerts.raise(alert),
      isEnabled: isAnalyticsOn,
      address: () => kit?.getState().address,
    }),
    alerts,
    onAlert(next) {
      announce = next
    },
    bindKit(next) {
      kit = next
    },
  }
}

/**
 * Shares the service clients with every plugin, raises 'Project ID Not Configured' without a
 * project id, and reports the modal's events as analytics (`modalAnalyticsEvents`).
 */
export const servicesPlugin = (services: KitServices) =>
  definePlugin({
    id: 'services',
    shared: true,
    setup(ctx) {
      ctx.provide(AlertStoreToken, services.alerts)
      if (!services.projectId) services.alerts.raise(Alerts.ProjectIdNotConfigured)
      ctx.provide(ApiClientToken, services.api)
      ctx.provide(BlockchainClientToken, services.blockchain)
      ctx.provide(EventReporterToken, services.reporter)
      services.bindKit(ctx.kit)
      trackBusEvents(ctx, services.reporter, modalAnalyticsEvents())
    },
  })
