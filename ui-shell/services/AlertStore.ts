import { action, makeObservable, observableShallow } from 'mobx'
import { createToken } from '../../kernel/token.js'

/** An alert for the host's developer, shown by the shell in debug mode only (SPEC §4). */
export interface Alert {
  code: string
  shortMessage: string
  longMessage: string
  /** SPEC §4: info unless said otherwise. */
  variant?: 'info' | 'warning' | 'error'
}

/** Alerts raised so far, newest last; the shell shows them in debug mode. */
export class AlertStore {
  alerts: Alert[] = []

  /** @param onRaise - told of each alert (the kit emits `kit:alerted`) */
  constructor(private readonly onRaise: (alert: Alert) => void = () => {}) {
    makeObservable(this, { alerts: observableShallow, raise: action, dismiss: action })
  }

  raise(raised: Alert): void {
    const alert = { ...raised, variant: raised.variant ?? 'info' }
    this.alerts = [...this.alerts.filter((a) => a.code !== alert.code), alert]
    this.onRaise(alert)
  }

  dismiss(code: string): void {
    this.alerts = this.alerts.filter((a) => a.code !== code)
  }
}

/** The developer alerts of one kit (SPEC §8's alert catalogue: `Alerts`). */
export const AlertStoreToken = createToken<AlertStore>('AlertStore')

// Alerts are announced on the kit's bus.
declare module '../../kernel/events.js' {
  interface KitEventMap {
    'kit:alerted': Alert
  }
}
