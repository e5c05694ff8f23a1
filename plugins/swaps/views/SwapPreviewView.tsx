import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { useKit } from '../../../ui-shell/index.js'
import { SwapStoreToken } from '../swapsTokens.js'
import { SwapDetails } from './SwapDetails.js'

/**
 * The swap's review: what is paid and received, the details and the minimum the slippage
 * allows; then the approval when the router may not spend the amount yet, and the swap, each
 * signed in the wallet with its own pending and error state.
 */
export const SwapPreviewView = observer(function SwapPreviewView() {
  const kit = useKit()
  const store = kit.resolve(SwapStoreToken)

  useEffect(() => {
    void store.prepare()
  }, [store])

  const from = store.fromToken
  const to = store.toToken
  if (!from || !to || store.amountUnits === undefined) return <p className="muted empty">Nothing to review: go back and enter an amount.</p>
  const checking = store.allowanceOk === undefined && !store.swapError
  return (
    <div className="swap">
      <dl className="swap-details" aria-label="Swap summary">
        <dt>You pay</dt>
        <dd data-testid="swap-preview-pay">
          {store.amount.trim()} {from.symbol}
        </dd>
        <dt>You receive</dt>
        <dd data-testid="swap-preview-receive">
          {store.toAmountText} {to.symbol}
        </dd>
      </dl>
      <SwapDetails store={store} withMinimum />
      {store.inputError ? (
        <p className="swap-error" role="alert">
          {store.inputError.shortMessage}
        </p>
      ) : null}
      <div className="swap-steps">
        {store.needsApproval || store.approveStatus !== 'idle' ? (
          <>
            <button
              type="button"
              className={store.needsApproval ? 'primary' : 'secondary'}
              disabled={!store.needsApproval || store.isBusy || Boolean(store.inputError)}
              onClick={() => void store.approve()}
            >
              {store.approveStatus === 'pending' ? 'Approving…' : store.approveStatus === 'done' ? `${from.symbol} approved` : `Approve ${from.symbol}`}
            </button>
            {store.approveError ? (
              <p className="swap-error" role="alert" data-testid="swap-approve-error">
                {store.approveError.shortMessage}
              </p>
            ) : null}
          </>
        ) : null}
        <button
          type="button"
          className="primary"
          disabled={checking || store.needsApproval || store.isBusy || Boolean(store.inputError)}
          onClick={() => void store.swap()}
        >
          {store.swapStatus === 'pending' ? 'Swapping…' : checking ? 'Checking allowance…' : 'Swap'}
        </button>
        {store.swapError ? (
          <p className="swap-error" role="alert" data-testid="swap-error">
            {store.swapError.shortMessage}
          </p>
        ) : null}
        <button type="button" className="secondary" disabled={store.isBusy} onClick={() => kit.back()}>
          Cancel
        </button>
      </div>
    </div>
  )
})
