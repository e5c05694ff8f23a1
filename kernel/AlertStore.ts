import { action, makeObservable, observableShallow } from 'mobx'
import type { Alert } from './alerts.js'

/** Alerts raised so far, newest last; the shell shows them in debug mode only. */
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
