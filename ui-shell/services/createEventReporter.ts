import type { Alert } from './AlertStore.js'
import { Alerts } from './alerts.js'
import type { HttpClient } from './createHttpClient.js'
import { isForbidden, loadAnalyticsConfig } from './loadAnalyticsConfig.js'

/** An error report (SPEC §3 'Error-report event'). */
export interface ErrorReport {
  errorType: string
  errorMessage: string
  stackTrace?: string
}

export interface EventReporter {
  /**
   * Sends an analytics event (`props: { type: 'track', event, properties, address }`, as AppKit
   * 1.7.10 posts it); never throws. Plugins resolve `EventReporterToken` to add their own events,
   * named like AppKit's (`SWAP_SUCCESS`, `CLICK_NETWORKS`).
   */
  track(event: string, properties?: Record<string, unknown>): Promise<void>
  /** Sends an error report unless 5 were sent in the last 60 s; never throws. */
  reportError(report: ErrorReport): Promise<void>
}

export interface CreateEventReporterOptions {
  api: HttpClient | undefined
  raiseAlert: (alert: Alert) => void
  /** The host's switch (`features.analytics`): off, nothing is read or sent. */
  isEnabled: () => boolean
  /** The connected address, which AppKit adds to each event's props. */
  address?: () => string | undefined
  now?: () => number
  location?: { href: string; host: string }
}

/** SPEC §9: error reporting at most 5 per 60 s. */
export const ERROR_REPORT_LIMIT = 5
export const ERROR_REPORT_WINDOW_MS = 60_000

/**
 * Creates the analytics and error-report client behind `POST /e`. Nothing is posted before
 * `GET /getAnalyticsConfig` says the project collects analytics (read once, on the first
 * event); events wait for that answer and then leave one after another, in the order they
 * happened. A 403 from either call means this origin is not on the project's allow-list: it
 * raises the 'Invalid App Configuration' alert once per kit (SPEC §8).
 */
export function createEventReporter(options: CreateEventReporterOptions): EventReporter {
  const now = options.now ?? Date.now
  const sentAt: number[] = []
  let forbiddenAlertRaised = false
  let projectCollects: Promise<boolean> | undefined
  let queue = Promise.resolve()

  const onForbidden = () => {
    if (forbiddenAlertRaised) return
    forbiddenAlertRaised = true
    options.raiseAlert(Alerts.InvalidAppConfiguration)
  }

  const post = (props: Record<string, unknown>): Promise<void> => {
    const api = options.api
    if (!api || !options.isEnabled()) return Promise.resolve()
    // Read now: the event is what the page looked like when it happened, not when it is sent.
    const location = options.location ?? globalThis.location
    const address = options.address?.()
    const body = {
      eventId: newEventId(),
      url: location?.href ?? '',
      domain: location?.host ?? '',
      timestamp: now(),
      props: address ? { ...props, address } : props,
    }
    projectCollects ??= loadAnalyticsConfig(api, onForbidden)
    queue = queue.then(async () => {
      if (!(await projectCollects)) return
      await api.post('/e', body).catch((error: unknown) => {
        if (isForbidden(error)) onForbidden()
      })
    })
    return queue
  }

  return {
    track(event, properties) {
      return post(properties ? { type: 'track', event, properties } : { type: 'track', event })
    },
    reportError(report) {
      const time = now()
      while (sentAt.length > 0 && time - sentAt[0]! >= ERROR_REPORT_WINDOW_MS) sentAt.shift()
      if (sentAt.length >= ERROR_REPORT_LIMIT) return Promise.resolve()
      sentAt.push(time)
      return post({ type: 'error', event: 'ERROR', ...report })
    },
  }
}

/** `crypto.randomUUID` exists only in secure contexts: a page on plain http off loopback has none. */
function newEventId(): string {
  if (typeof globalThis.crypto?.randomUUID === 'function') return globalThis.crypto.randomUUID()
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}
