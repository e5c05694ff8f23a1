import { observer } from 'mobx-react-lite'
import { useKit, ViewStackToken } from '../../../ui-shell/index.js'
import { OnrampStoreToken } from '../onrampTokens.js'

/**
 * BuyInProgress (SPEC §2): shown while the provider's checkout is open, until the on-ramp
 * history lists the purchase as paid (then the store refreshes the balances and shows Account).
 */
export const BuyInProgressView = observer(function BuyInProgressView() {
  const kit = useKit()
  const store = kit.resolve(OnrampStoreToken)
  const stack = kit.resolve(ViewStackToken)
  const quote = store.currentQuote
  const expired = store.status === 'expired'
  return (
    <div className="buy-progress">
      {expired ? null : <span className="spinner" aria-hidden="true" />}
      <p role="status" data-testid="buy-status">
        {expired
          ? 'The purchase was not completed in time.'
          : store.status === 'paid'
            ? 'Purchase complete.'
            : store.purchase
              ? 'Waiting for the payment in the checkout window…'
              : 'Complete the purchase in the checkout window.'}
      </p>
      {quote && !store.isMockQuote ? <p className="muted">{`Buying ${quote.purchaseAmount.amount} ${quote.purchaseAmount.currency} for ${quote.paymentTotal.amount} ${quote.paymentTotal.currency}`}</p> : null}
      {store.popupBlocked ? <p className="muted">The browser blocked the checkout window.</p> : null}
      <div className="actions">
        {store.status === 'waiting' ? (
          <button type="button" className="secondary" onClick={() => store.reopenCheckout()}>
            Open the checkout again
          </button>
        ) : null}
        <button
          type="button"
          className="secondary"
          onClick={() => {
            store.cancel()
            stack.reset('Account')
          }}
        >
          {expired ? 'Back to Account' : 'Cancel'}
        </button>
      </div>
    </div>
  )
})
