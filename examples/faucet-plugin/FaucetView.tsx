import { observer } from 'mobx-react-lite'
import { shortAddress, useKit, type ViewProps } from 'latch/plugin'
import { FaucetStoreToken } from './FaucetStoreToken.js'

const STATUS_TEXT = { idle: '', requesting: 'Requesting…', funded: 'Funds sent' } as const

/**
 * The Faucet view: the connected EVM address and a button that asks the faucet to fund it.
 * It reads the store and calls its action; the request itself lives in the store.
 */
export const FaucetView = observer(function FaucetView(_props: ViewProps<'Faucet'>) {
  const store = useKit().resolve(FaucetStoreToken)
  const recipient = store.recipient
  return (
    <div className="faucet-view">
      <p className="faucet-lede">
        {recipient ? `Test funds for your account on ${recipient.caipNetworkId}` : 'Connect an EVM wallet to receive test funds.'}
      </p>
      {recipient ? (
        <p className="faucet-address" title={recipient.address}>
          {shortAddress(recipient.address)}
        </p>
      ) : null}
      <button type="button" className="faucet-button" disabled={!store.canRequest} onClick={() => void store.requestFunds()}>
        Request {store.amount}
      </button>
      <p className="faucet-status" role="status" data-status={store.status}>
        {store.status === 'failed' ? store.error?.shortMessage : STATUS_TEXT[store.status]}
      </p>
    </div>
  )
})
