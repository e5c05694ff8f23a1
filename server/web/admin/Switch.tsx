import { useId, type ReactNode } from 'react'

export interface SwitchProps {
  /** The catalogue's words, or a name that is data (a third-party flag's, in <bdi>). */
  label: ReactNode
  checked: boolean
  onChange(checked: boolean): void
  /** A note read after the label (`aria-describedby`). */
  note?: ReactNode
}

/**
 * An on/off switch: a native checkbox with `role="switch"`, so Space toggles it, a screen reader
 * says "on"/"off", and the label is clickable. Styled by `.switch` in adminPage.css.
 *
 * @example
 * <Switch label="Swaps" checked={on} onChange={(next) => store.setFeature('swaps', next)} />
 */
export function Switch({ label, checked, onChange, note }: SwitchProps) {
  const id = useId()
  return (
    <div className="switch">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        aria-describedby={note ? `${id}-note` : undefined}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <label htmlFor={id}>{label}</label>
      {note && (
        <span id={`${id}-note`} className="note">
          {note}
        </span>
      )}
    </div>
  )
}
