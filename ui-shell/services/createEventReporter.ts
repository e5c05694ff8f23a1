import type { Alert } from './AlertStore.js'
import { Alerts } from './alerts.js'
import { HttpStatusError } from '../errors/http.js'
import type { HttpClient } from './createHttpClient.js'

/** An error report (SPEC §3 'Error-report event'). */
export interface ErrorReport {
  errorType: string
  errorMessage: string
  stackTrace?: string
}

export interface EventReporter {
  /** Sends an analytics event; never throws. */
  track(event: string, properties?: Record<string, unknown>): Promise<void>
  /** Sends an error report unless 5 were sent in the last 60 s; never throws. */
  reportError(report: ErrorReport): Promise<void>
}

export interface CreateEventReporterOptions {
  api: HttpClient | undefined
  raiseAlert: (alert: Alert) => void
  isEnabled: () => boolean
  now?: () => number
  location?: { href: string; host: string }
}

/** SPEC §9: error reporting at most 5 per 60 s. */
export const ERROR_REPORT_LIMIT = 5
export const ERROR_REPORT_WINDOW_MS = 60_000

/**
 * Creates the analytics and error-report client behind `POST /e`.
 * A 403 means this origin is not on the project's allow-list: it raises the
 * 'Invalid App Configuration' alert once per kit and is otherwise ignored.
 */
export function createEventReporter(options: CreateEventReporterOptions): EventReporter {
  const now = options.now ?? Date.now
  const sentAt: number[] = []
  let forbiddenAlertRaised = false

  const post = async (props: Record<string, unknown>) => {
    if (!options.api || !options.isEnabled()) return
    const location = options.location ?? globalThis.location
    try {
      await options.api.post('/e', {
        eventId: crypto.randomUUID(),
        url: location?.href ?? '',
        domain: location?.host ?? '',
        timestamp: now(),
        props,
      })
    } catch (error) {
      if (error instanceof HttpStatusError && error.status === 403 && !forbiddenAlertRaised) {
        forbiddenAlertRaised = true
        options.raiseAlert(Alerts.InvalidAppConfiguration)
      }
    }
  }

  return {
    track(event, properties) {
      return post({ type: 'track', event, properties })
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
