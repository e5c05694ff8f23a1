import { forwardRef, type ButtonHTMLAttributes, type MouseEvent } from 'react'
import { useKit } from './KitContext.js'
import { useLatchAccount, useLatchBalance } from './hooks.js'
import { shortAddress } from './shortAddress.js'

export interface ConnectButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  label?: string
}

/**
 * The host page's connect button: 'Connect Wallet' while disconnected; once connected, the
 * short address and balance, opening the Account view.
 */
export const ConnectButton = forwardRef<HTMLButtonElement, ConnectButtonProps>(function ConnectButton(
  { label = 'Connect Wallet', onClick, ...props },
  ref,
) {
  const kit = useKit()
  const account = useLatchAccount()
  const { balance, symbol } = useLatchBalance()
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    // The host's handler runs first and may cancel the default (opening the modal).
    onClick?.(event)
    if (!event.defaultPrevented) void kit.open()
  }
  return (
    <button type="button" data-latch-button="connect" {...props} ref={ref} onClick={handleClick}>
      {account.isConnected
        ? [shortAddress(account.address!), balance && `${balance} ${symbol ?? ''}`]
            .filter(Boolean)
            .join(' · ')
        : label}
    </button>
  )
})
