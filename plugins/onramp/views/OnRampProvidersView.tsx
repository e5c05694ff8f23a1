import { observer } from 'mobx-react-lite'
import { useEffect, useId } from 'react'
import { ApiClientToken, useI18n, useKit } from '../../../ui-shell/plugin.js'
import { OnrampStoreToken } from '../onrampTokens.js'
import { formatMoney, formatQuantity } from '../formatMoney.js'
import { ONRAMP_FEE_RANGE, ONRAMP_PROVIDERS } from '../onrampProviders.js'

/**
 * OnRampProviders (SPEC §1, §2): the asset and the fiat currency, SPEC §1's two provider kinds
 * with their fee range, the amount within the chosen kind's limits, the quote, and Buy, which
 * opens the provider's checkout.
 */
export const OnRampProvidersView = observer(function OnRampProvidersView() {
  const kit = useKit()
  const store = kit.resolve(OnrampStoreToken)
  const api = kit.resolve(ApiClientToken)
  const id = useId()
  const { t, say } = useI18n()

  useEffect(() => {
    void store.open()
  }, [store])

  if (!store.isOffered) return <p className="muted empty">{t('onramp.unavailable')}</p>
  const purchase = store.selectedPurchase
  const quote = store.currentQuote
  const busy = store.status === 'opening'
  return (
    <form
      className="onramp"
      onSubmit={(event) => {
        event.preventDefault()
        void store.startCheckout()
      }}
    >
      <label htmlFor={`${id}-purchase`}>{t('onramp.youBuy')}</label>
      <select id={`${id}-purchase`} className="field" value={purchase?.symbol ?? ''} disabled={busy} onChange={(event) => store.selectPurchase(event.target.value)}>
        {store.purchaseCurrencies.length === 0 ? <option value="">{t('onramp.loading')}</option> : null}
        {store.purchaseCurrencies.map((currency) => (
          <option key={currency.symbol} value={currency.symbol}>
            {t('onramp.currency', { name: currency.name, symbol: currency.symbol })}
          </option>
        ))}
      </select>

      <label htmlFor={`${id}-payment`}>{t('onramp.payWith')}</label>
      <div className={api ? 'field-with-icon' : undefined}>
        {/* The currency's sign (SPEC §7 getCurrencyImage), self-hosted by the backend. */}
        {api ? <img src={api.url(`/public/getCurrencyImage/${encodeURIComponent(store.paymentId)}`)} alt="" /> : null}
        <select id={`${id}-payment`} className="field" value={store.paymentId} disabled={busy} onChange={(event) => store.selectPayment(event.target.value)}>
          {store.paymentCurrencies.map((currency) => (
            <option key={currency.id} value={currency.id}>
              {currency.id}
            </option>
          ))}
        </select>
      </div>

      <fieldset className="providers" disabled={busy}>
        <legend>{t('onramp.provider')}</legend>
        {ONRAMP_PROVIDERS.map((provider) => (
          <label key={provider.id} className="provider">
            <input type="radio" name={`${id}-provider`} value={provider.id} checked={store.providerId === provider.id} onChange={() => store.selectProvider(provider.id)} />
            <span className="provider-name">{t(provider.name)}</span>
            <span className="provider-fee">{t('onramp.fees', { range: ONRAMP_FEE_RANGE })}</span>
            <span className="muted">{t(provider.description)}</span>
          </label>
        ))}
      </fieldset>

      <label htmlFor={`${id}-amount`}>{t('onramp.amount', { currency: store.paymentId })}</label>
      <input
        id={`${id}-amount`}
        className="field"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        aria-describedby={`${id}-limits`}
        value={store.amount}
        disabled={busy}
        onChange={(event) => store.setAmount(event.target.value)}
      />
      <p id={`${id}-limits`} className="muted">{t('onramp.limits', { min: formatMoney(store.limits.min, store.paymentId), max: formatMoney(store.limits.max, store.paymentId) })}</p>
      <p className="muted hint" data-testid="onramp-hint">
        {store.amount !== '' && store.amountError ? say(store.amountError) : ' '}
      </p>

      <dl className="quote" aria-live="polite" aria-busy={store.isQuoting} data-quote-id={quote?.quoteId}>
        <dt>{t('onramp.youGet')}</dt>
        <dd className="receive" data-testid="onramp-receive">
          {quote ? (store.isMockQuote ? t('onramp.mockAmount', { amount: formatQuantity(quote.purchaseAmount.amount), currency: quote.purchaseAmount.currency, symbol: purchase?.symbol ?? '' }) : `${formatQuantity(quote.purchaseAmount.amount)} ${quote.purchaseAmount.currency}`) : '—'}
        </dd>
        <dt>{t('onramp.providerFee')}</dt>
        <dd>{quote ? formatMoney(quote.coinbaseFee.amount, quote.coinbaseFee.currency) : '—'}</dd>
        <dt>{t('onramp.networkFee')}</dt>
        <dd>{quote ? formatMoney(quote.networkFee.amount, quote.networkFee.currency) : '—'}</dd>
        <dt>{t('onramp.total')}</dt>
        <dd>{quote ? formatMoney(quote.paymentTotal.amount, quote.paymentTotal.currency) : '—'}</dd>
      </dl>
      {store.isMockQuote ? <p className="muted">{t('onramp.estimated')}</p> : null}

      <button type="submit" className="primary" disabled={!store.canBuy}>
        {busy ? t('onramp.opening') : purchase ? t('onramp.buy', { symbol: purchase.symbol }) : t('onramp.action')}
      </button>
    </form>
  )
})
