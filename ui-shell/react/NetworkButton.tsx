import { forwardRef, type ButtonHTMLAttributes, type MouseEvent } from 'react'
import type { LatchButtonOptions } from './buttons/LatchButtonOptions.js'
import { useButtonAttributes } from './buttons/useButtonAttributes.js'
import { useButtonLabel } from './buttons/useButtonLabel.js'
import { useButtonRef } from './buttons/useButtonRef.js'
import { useKit } from './KitContext.js'
import { useLatchNetwork } from './hooks.js'

export interface NetworkButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, LatchButtonOptions {
  /** Shown before any network is known. */
  label?: string
}

/**
 * The active network on the host page, its letter glyph and its name; opens the network list.
 * The glyph is drawn by the stylesheet from `data-letter`: no network image is fetched.
 *
 * @example
 * <NetworkButton size="sm" />
 */
export const NetworkButton = forwardRef<HTMLButtonElement, NetworkButtonProps>(function NetworkButton(
  { label, size, variant, style, onClick, ...props },
  ref,
) {
  const kit = useKit()
  const network = useLatchNetwork()
  const { styled, attributes } = useButtonAttributes({ size, variant }, style)
  const buttonRef = useButtonRef(ref, styled)
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    onClick?.(event)
    if (!event.defaultPrevented) void kit.open({ view: 'Networks' })
  }
  const name = network.networkName
  const selectText = useButtonLabel('button.selectNetwork', 'Select Network')
  return (
    <button type="button" data-latch-button="network" {...attributes} {...props} ref={buttonRef} onClick={handleClick}>
      {name ? <span data-latch-part="glyph" data-letter={name.slice(0, 1).toUpperCase()} aria-hidden="true" /> : null}
      {name ?? label ?? selectText}
    </button>
  )
})
