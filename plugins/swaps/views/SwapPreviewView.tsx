import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { useI18n, useKit } from '../../../ui-shell/plugin.js'
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
  const { t, errorText } = useI18n()

  useEffect(() => {
    void store.prepare()
  }, [store])

  const from = store.fromToken
  const to = store.toToken
  if (!from || !to || store.amountUnits === undefined) return <p className="muted empty">{t('swapPreview.nothing')}</p>
  const checking = store.allowanceOk === undefined && !store.swapError
  return (
    <div className="swap">
      <dl className="swap-details" aria-label={t('swapPreview.summary')}>
        <dt>{t('swap.pay')}</dt>
        <dd data-testid="swap-preview-pay">
          {store.amount.trim()} {from.symbol}
        </dd>
        <dt>{t('swap.receive')}</dt>
        <dd data-testid="swap-preview-receive">
          {store.toAmountText} {to.symbol}
        </dd>
      </dl>
      <SwapDetails store={store} withMinimum />
      {store.inputError ? (
        <p className="swap-error" role="alert">
          {errorText(store.inputError)}
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
              {store.approveStatus === 'pending' ? t('swapPreview.approving') : store.approveStatus === 'done' ? t('swapPreview.approved', { symbol: from.symbol }) : t('swapPreview.approve', { symbol: from.symbol })}
            </button>
            {store.approveError ? (
              <p className="swap-error" role="alert" data-testid="swap-approve-error">
                {errorText(store.approveError)}
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
          {store.swapStatus === 'pending' ? t('swapPreview.swapping') : checking ? t('swapPreview.checking') : t('swapPreview.swap')}
        </button>
        {store.swapError ? (
          <p className="swap-error" role="alert" data-testid="swap-error">
            {errorText(store.swapError)}
          </p>
        ) : null}
        <button type="button" className="secondary" disabled={store.isBusy} onClick={() => kit.back()}>
          {t('swapPreview.cancel')}
        </button>
      </div>
    </div>
  )
})
