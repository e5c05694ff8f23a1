import { observer } from 'mobx-react-lite'
import { useI18n, useKit, ViewStackToken } from '../../../ui-shell/plugin.js'
import { formatQuantity } from '../formatMoney.js'
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
  const { t } = useI18n()
  return (
    <div className="buy-progress">
      {expired ? null : <span className="spinner" aria-hidden="true" />}
      <p role="status" data-testid="buy-status">
        {expired
          ? t('buyInProgress.expired')
          : store.status === 'paid'
            ? t('buyInProgress.paid')
            : store.purchase
              ? t('buyInProgress.waiting')
              : t('buyInProgress.complete')}
      </p>
      {quote && !store.isMockQuote ? <p className="muted">{t('buyInProgress.buying', { amount: formatQuantity(quote.purchaseAmount.amount), currency: quote.purchaseAmount.currency, total: formatQuantity(quote.paymentTotal.amount), totalCurrency: quote.paymentTotal.currency })}</p> : null}
      {store.popupBlocked ? <p className="muted">{t('buyInProgress.blocked')}</p> : null}
      <div className="actions">
        {store.status === 'waiting' ? (
          <button type="button" className="secondary" onClick={() => store.reopenCheckout()}>
            {t('buyInProgress.reopen')}
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
          {expired ? t('buyInProgress.back') : t('buyInProgress.cancel')}
        </button>
      </div>
    </div>
  )
})
