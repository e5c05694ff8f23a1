import { forwardRef, type ButtonHTMLAttributes, type MouseEvent } from 'react'
import { useKit } from './KitContext.js'
import { useLatchNetwork } from './hooks.js'

export interface NetworkButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Shown before any network is known. */
  label?: string
}

/** The active network on the host page; opens the network list. */
export const NetworkButton = forwardRef<HTMLButtonElement, NetworkButtonProps>(function NetworkButton(
  { label = 'Select Network', onClick, ...props },
  ref,
) {
  const kit = useKit()
  const network = useLatchNetwork()
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    onClick?.(event)
    if (!event.defaultPrevented) void kit.open({ view: 'Networks' })
  }
  return (
    <button type="button" data-latch-button="network" {...props} ref={ref} onClick={handleClick}>
      {network.networkName ?? label}
    </button>
  )
})
