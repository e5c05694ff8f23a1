import { observer } from 'mobx-react-lite'
import { useEffect, useId } from 'react'
import { useKit, ViewStackToken } from '../../../ui-shell/index.js'
import { SwapStoreToken } from '../swapsTokens.js'
import type { SwapStore } from '../SwapStore.js'
import { SwapDetails } from './SwapDetails.js'
import { TokenIcon } from './TokenIcon.js'

/**
 * Swap (SPEC §2): the token paid and its amount (with the balance and Max), the token received
 * with the quote, the rate, price impact, network fee and slippage. The quote is read as the
 * visitor types and again while the view is open. What refuses the swap is said before signing.
 */
export const SwapView = observer(function SwapView() {
  const kit = useKit()
  const store = kit.resolve(SwapStoreToken)
  const stack = kit.resolve(ViewStackToken)
  const id = useId()

  useEffect(() => {
    void store.open()
    return () => store.close()
  }, [store])

  if (store.networkError)
    return (
      <div className="swap">
        <p className="swap-error" role="alert">
          {store.networkError.shortMessage}
        </p>
        <p className="muted">Switch to a network that supports swaps to continue.</p>
      </div>
    )

  const from = store.fromToken
  const to = store.toToken
  const pick = (side: 'from' | 'to') => stack.push('SwapSelectToken', { side })
  return (
    <form
      className="swap"
      onSubmit={(event) => {
        event.preventDefault()
        if (store.canReview) stack.push('SwapPreview')
      }}
    >
      <div className="swap-box">
        <div className="swap-box-head">
          <label htmlFor={`${id}-amount`}>You pay</label>
          {from ? (
            <span className="muted" data-testid="swap-from-balance">
              Balance: {store.fromBalanceText}
            </span>
          ) : null}
        </div>
        <div className="swap-entry">
          <input
            id={`${id}-amount`}
            className="swap-amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            value={store.amount}
            disabled={store.isBusy}
            onChange={(event) => store.setAmount(event.target.value)}
          />
          <button type="button" className="secondary swap-max" disabled={!from || store.isBusy} onClick={() => store.setMaxAmount()}>
            Max
          </button>
          <TokenButton store={store} side="from" onPick={pick} />
        </div>
      </div>

      <button type="button" className="icon-button swap-switch" aria-label="Switch tokens" disabled={store.isBusy} onClick={() => store.switchTokens()}>
        ⇅
      </button>

      <div className="swap-box">
        <div className="swap-box-head">
          <span id={`${id}-receive`}>You receive</span>
        </div>
        <div className="swap-entry">
          <output className="swap-output" aria-labelledby={`${id}-receive`} data-testid="swap-to-amount">
            {store.isQuoting ? '…' : store.toAmountText || '0'}
          </output>
          <TokenButton store={store} side="to" onPick={pick} />
        </div>
      </div>

      <SwapDetails store={store} />
      {store.tokensError ? (
        <p className="swap-error" role="alert">
          {store.tokensError.shortMessage}
        </p>
      ) : null}
      <p className="swap-hint" role="status" data-testid="swap-hint">
        {store.inputError?.shortMessage ?? ' '}
      </p>
      <button type="submit" className="primary" disabled={!store.canReview}>
        {actionLabel(store, Boolean(from && to))}
      </button>
    </form>
  )
})

// ─── TokenButton ──────────────────────────────────────────────────────────────

interface TokenButtonProps {
  store: SwapStore
  side: 'from' | 'to'
  onPick(side: 'from' | 'to'): void
}

const TokenButton = observer(function TokenButton({ store, side, onPick }: TokenButtonProps) {
  const token = side === 'from' ? store.fromToken : store.toToken
  const role = side === 'from' ? 'to pay' : 'to receive'
  return (
    <button
      type="button"
      className="swap-token"
      aria-label={token ? `${token.symbol}: change the token ${role}` : `Select the token ${role}`}
      disabled={store.isBusy}
      onClick={() => onPick(side)}
    >
      {token ? <TokenIcon logoUri={token.logoUri} symbol={token.symbol} /> : null}
      {token?.symbol ?? 'Select token'}
    </button>
  )
})

/** The main button says what is missing, in the order the visitor fills the form. */
function actionLabel(store: SwapStore, bothTokens: boolean): string {
  if (!bothTokens) return 'Select token'
  if (store.amountUnits === undefined) return 'Enter amount'
  if (store.inputError) return store.inputError.shortMessage
  if (store.isQuoting || store.toAmount === undefined) return 'Getting quote…'
  return 'Review swap'
}
