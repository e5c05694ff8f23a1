import { useKit, ViewStackToken } from 'latch/plugin'

/** The faucet's section on Connect: one row that opens the Faucet view. */
export function FaucetConnectMethod() {
  const kit = useKit()
  return (
    <button type="button" className="faucet-row" onClick={() => kit.resolve(ViewStackToken).push('Faucet')}>
      <span className="faucet-drop" aria-hidden="true">
        💧
      </span>
      <span>Get test funds</span>
    </button>
  )
}
