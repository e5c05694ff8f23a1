import { useEffect, useRef } from 'react'

/** The class the field's iframe carries: its style here, and the tests' locator. */
export const CODE_FIELD_CLASS = 'latch-code-field'

/**
 * The secure site's one-time-code field, in place of a Code input (issue 26): the visitor types
 * the code on the secure origin, like a card number in a payment form's field, and this page
 * never receives a keystroke of it. Keyboard focus moves into it as the view opens (the field
 * focuses its input when its window gains focus).
 */
export function SecureCodeField({ src, title, describedBy }: { src: string; title: string; describedBy?: string }) {
  const frame = useRef<HTMLIFrameElement>(null)
  useEffect(() => {
    const element = frame.current
    if (!element) return
    const focus = () => element.focus()
    focus()
    element.addEventListener('load', focus)
    return () => element.removeEventListener('load', focus)
  }, [src])
  return <iframe ref={frame} className={CODE_FIELD_CLASS} src={src} title={title} aria-describedby={describedBy} />
}
