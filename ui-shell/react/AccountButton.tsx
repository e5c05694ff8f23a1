import { forwardRef, type ButtonHTMLAttributes, type MouseEvent } from 'react'
import { useKit } from './KitContext.js'
import { useLatchAccount, useLatchBalance } from './hooks.js'
import { shortAddress } from './shortAddress.js'

export type AccountButtonProps = ButtonHTMLAttributes<HTMLButtonElement>

/**
 * The connected account on the host page: short address and balance; opens Account.
 * Renders nothing while disconnected, so a host pairs it with ConnectButton.
 */
export const AccountButton = forwardRef<HTMLButtonElement, AccountButtonProps>(function AccountButton(
  { onClick, ...props },
  ref,
) {
  const kit = useKit()
  const account = useLatchAccount()
  const { balance, symbol } = useLatchBalance()
  if (!account.isConnected) return null
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    onClick?.(event)
    if (!event.defaultPrevented) void kit.open({ view: 'Account' })
  }
  return (
    <button type="button" data-latch-button="account" {...props} ref={ref} onClick={handleClick}>
      <span>{shortAddress(account.address!)}</span>
      {balance ? <span> · {`${balance} ${symbol ?? ''}`.trim()}</span> : null}
    </button>
  )
})
