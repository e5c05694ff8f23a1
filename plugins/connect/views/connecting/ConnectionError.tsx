import type { KitError } from '../../../../kernel/index.js'
import { useI18n } from '../../../../ui-shell/plugin.js'

/** Props of ConnectionError. */
export interface ConnectionErrorProps {
  error: KitError | undefined
  /** The flow's failure count: a new failure remounts the text so it shakes again. */
  failures: number
  onRetry(): void
}

/** A failed attempt: SPEC §8's sentence, shaken for 500 ms, and a 'Try again' button. */
export function ConnectionError({ error, failures, onRetry }: ConnectionErrorProps) {
  const { t, errorText } = useI18n()
  return (
    <>
      <p key={failures} className="connecting-error shake" role="alert">
        {error ? errorText(error) : t('connecting.failed')}
      </p>
      <button type="button" className="button secondary" onClick={onRetry}>
        {t('connecting.tryAgain')}
      </button>
    </>
  )
}
