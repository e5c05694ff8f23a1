import { forwardRef, type ButtonHTMLAttributes, type MouseEvent } from 'react'
import { AccountLabel } from './buttons/AccountLabel.js'
import type { LatchButtonOptions } from './buttons/LatchButtonOptions.js'
import { useButtonAttributes } from './buttons/useButtonAttributes.js'
import { useButtonLabel } from './buttons/useButtonLabel.js'
import { useButtonRef } from './buttons/useButtonRef.js'
import { useKit } from './KitContext.js'
import { useLatchAccount } from './hooks.js'

export interface ConnectButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, LatchButtonOptions {
  label?: string
  /** Shown while a connection is made or restored. */
  loadingLabel?: string
}

/**
 * The host page's connect button: 'Connect Wallet' while disconnected, 'Connecting…' while a
 * wallet connects or a saved connection is restored; once connected, the account (identicon, short address,
 * balance), opening the Account view. Styled from the kit's theme unless `variant="unstyled"`.
 *
 * @example
 * <ConnectButton size="sm" />
 */
export const ConnectButton = forwardRef<HTMLButtonElement, ConnectButtonProps>(function ConnectButton(
  { label, loadingLabel, size, variant, style, onClick, ...props },
  ref,
) {
  const kit = useKit()
  const account = useLatchAccount()
  const { busy, styled, attributes } = useButtonAttributes({ size, variant }, style)
  const buttonRef = useButtonRef(ref, styled)
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    // The host's handler runs first and may cancel the default (opening the modal).
    onClick?.(event)
    if (!event.defaultPrevented) void kit.open()
  }
  const connected = account.isConnected && account.address
  const connectText = useButtonLabel('button.connect', 'Connect Wallet')
  const connectingText = useButtonLabel('button.connecting', 'Connecting…')
  return (
    <button
      type="button"
      data-latch-button="connect"
      data-latch-connected={connected ? '' : undefined}
      {...attributes}
      {...props}
      ref={buttonRef}
      onClick={handleClick}
    >
      {connected ? (
        <AccountLabel address={connected} />
      ) : busy ? (
        <>
          <span data-latch-part="spinner" aria-hidden="true" />
          {loadingLabel ?? connectingText}
        </>
      ) : (
        (label ?? connectText)
      )}
    </button>
  )
})
