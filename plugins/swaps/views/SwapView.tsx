import type { KitError } from '../../../kernel/index.js'
import { observer } from 'mobx-react-lite'
import { useEffect, useId } from 'react'
import { useI18n, useKit, ViewStackToken } from '../../../ui-shell/plugin.js'
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
  const { t, errorText } = useI18n()

  useEffect(() => {
    void store.open()
    return () => store.close()
  }, [store])

  if (store.networkError)
    return (
      <div className="swap">
        <p className="swap-error" role="alert">
          {errorText(store.networkError)}
        </p>
        <p className="muted">{t('swap.unsupportedHint')}</p>
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
          <label htmlFor={`${id}-amount`}>{t('swap.pay')}</label>
          {from ? (
            <span className="muted" data-testid="swap-from-balance">
              {t('swap.balance', { amount: store.fromBalanceText })}
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
            {t('swap.max')}
          </button>
          <TokenButton store={store} side="from" onPick={pick} />
        </div>
      </div>

      <button type="button" className="icon-button swap-switch" aria-label={t('swap.switch')} disabled={store.isBusy} onClick={() => store.switchTokens()}>
        ⇅
      </button>

      <div className="swap-box">
        <div className="swap-box-head">
          <span id={`${id}-receive`}>{t('swap.receive')}</span>
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
          {errorText(store.tokensError)}
        </p>
      ) : null}
      <p className="swap-hint" role="status" data-testid="swap-hint">
        {store.inputError ? errorText(store.inputError) : ' '}
      </p>
      <button type="submit" className="primary" disabled={!store.canReview}>
        {actionLabel(store, Boolean(from && to), t, errorText)}
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
  const { t } = useI18n()
  return (
    <button
      type="button"
      className="swap-token"
      aria-label={token ? t(side === 'from' ? 'swap.changeToPay' : 'swap.changeToReceive', { symbol: token.symbol }) : t(side === 'from' ? 'swap.selectToPay' : 'swap.selectToReceive')}
      disabled={store.isBusy}
      onClick={() => onPick(side)}
    >
      {token ? <TokenIcon logoUri={token.logoUri} symbol={token.symbol} /> : null}
      {token?.symbol ?? t('swap.selectToken')}
    </button>
  )
})

/** The main button says what is missing, in the order the visitor fills the form. */
function actionLabel(store: SwapStore, bothTokens: boolean, t: (key: string) => string, errorText: (error: KitError) => string): string {
  if (!bothTokens) return t('swap.selectToken')
  if (store.amountUnits === undefined) return t('swap.enterAmount')
  if (store.inputError) return errorText(store.inputError)
  if (store.isQuoting || store.toAmount === undefined) return t('swap.gettingQuote')
  return t('swap.review')
}
