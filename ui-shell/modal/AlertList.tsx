import type { Alert } from '../services/AlertStore.js'
import { useI18n } from '../i18n/useI18n.js'

export interface AlertListProps {
  alerts: readonly Alert[]
  onDismiss(code: string): void
}

/** Developer alerts, rendered only in debug mode (SPEC §4). Text only: never HTML. */
export function AlertList({ alerts, onDismiss }: AlertListProps) {
  const { t, errorText } = useI18n()
  if (alerts.length === 0) return null
  return (
    <div className="alerts" role="status">
      {alerts.map((alert) => (
        <div className="alert" key={alert.code} data-variant={alert.variant}>
          <p className="alert-text">
            {/* SPEC §8's English unless the locale translates the code (error.<CODE>, error.<CODE>.detail). */}
            <strong>{errorText(alert)}</strong> <span className="muted">{errorText({ code: `${alert.code}.detail`, shortMessage: alert.longMessage })}</span>
          </p>
          <button type="button" className="icon-button" aria-label={t('alert.dismiss', { name: errorText(alert) })} onClick={() => onDismiss(alert.code)}>
            ×
          </button>
        </div>
      ))}
    </div>
  )
}
