import { forwardRef, type ButtonHTMLAttributes, type MouseEvent } from 'react'
import { AccountLabel } from './buttons/AccountLabel.js'
import type { LatchButtonOptions } from './buttons/LatchButtonOptions.js'
import { useButtonAttributes } from './buttons/useButtonAttributes.js'
import { useButtonRef } from './buttons/useButtonRef.js'
import { useKit } from './KitContext.js'
import { useLatchAccount } from './hooks.js'

export interface AccountButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, LatchButtonOptions {}

/**
 * The connected account on the host page: the profile's avatar or a generated identicon, the
 * profile name or short address, and the balance; opens Account. Renders nothing while
 * disconnected, so a host pairs it with ConnectButton.
 *
 * @example
 * {isConnected ? <AccountButton /> : <ConnectButton />}
 */
export const AccountButton = forwardRef<HTMLButtonElement, AccountButtonProps>(function AccountButton(
  { size, variant, style, onClick, ...props },
  ref,
) {
  const kit = useKit()
  const account = useLatchAccount()
  const { styled, attributes } = useButtonAttributes({ size, variant }, style)
  const buttonRef = useButtonRef(ref, styled)
  if (!account.isConnected || !account.address) return null
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    onClick?.(event)
    if (!event.defaultPrevented) void kit.open({ view: 'Account' })
  }
  return (
    <button type="button" data-latch-button="account" {...attributes} {...props} ref={buttonRef} onClick={handleClick}>
      <AccountLabel address={account.address} />
    </button>
  )
})
