import { action, makeObservable, observableShallow } from 'mobx'

/** An alert for the host's developer, shown by the shell in debug mode only (SPEC §4). */
export interface Alert {
  code: string
  shortMessage: string
  longMessage: string
  variant: 'info' | 'warning' | 'error'
}

/** Alerts raised so far, newest last. */
export class AlertStore {
  alerts: Alert[] = []

  constructor() {
    makeObservable(this, { alerts: observableShallow, raise: action, dismiss: action })
  }

  raise(alert: Alert): void {
    this.alerts = [...this.alerts.filter((a) => a.code !== alert.code), alert]
  }

  dismiss(code: string): void {
    this.alerts = this.alerts.filter((a) => a.code !== code)
  }
}
