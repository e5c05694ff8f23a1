import type { KeyboardEvent } from 'react'

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])'

/**
 * Tab past the dialog's last control goes back to its first, and Shift+Tab before the first to
 * the last (the APG dialog pattern): a modal `<dialog>` alone lets focus leave for the browser's
 * own UI between rounds.
 */
export function wrapTabFocus(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return
  const container = event.currentTarget
  const controls = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((control) => control.checkVisibility?.() ?? true)
  const first = controls[0]
  const last = controls.at(-1)
  if (!first || !last) return
  const active = (container.getRootNode() as Document | ShadowRoot).activeElement
  const wrapTo = event.shiftKey ? (active === first || !container.contains(active) ? last : undefined) : active === last ? first : undefined
  if (!wrapTo) return
  event.preventDefault()
  wrapTo.focus()
}
