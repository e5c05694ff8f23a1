import { observer } from 'mobx-react-lite'
import { useEffect, useId } from 'react'
import { ApiClientToken, useKit } from '../../../ui-shell/index.js'
import { OnrampStoreToken } from '../onrampTokens.js'
import { formatMoney } from '../formatMoney.js'
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

  useEffect(() => {
    void store.open()
  }, [store])

  if (!store.isOffered) return <p className="muted empty">Buying is not available on this network.</p>
  const purchase = store.selectedPurchase
  const quote = store.currentQuote
  const limits = `${formatMoney(store.limits.min, store.paymentId)}–${formatMoney(store.limits.max, store.paymentId)}`
  const busy = store.status === 'opening'
  return (
    <form
      className="onramp"
      onSubmit={(event) => {
        event.preventDefault()
        void store.startCheckout()
      }}
    >
      <label htmlFor={`${id}-purchase`}>You buy</label>
      <select id={`${id}-purchase`} className="field" value={purchase?.symbol ?? ''} disabled={busy} onChange={(event) => store.selectPurchase(event.target.value)}>
        {store.purchaseCurrencies.length === 0 ? <option value="">Loading…</option> : null}
        {store.purchaseCurrencies.map((currency) => (
          <option key={currency.symbol} value={currency.symbol}>
            {`${currency.name} (${currency.symbol})`}
          </option>
        ))}
      </select>

      <label htmlFor={`${id}-payment`}>You pay with</label>
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
        <legend>Provider</legend>
        {ONRAMP_PROVIDERS.map((provider) => (
          <label key={provider.id} className="provider">
            <input type="radio" name={`${id}-provider`} value={provider.id} checked={store.providerId === provider.id} onChange={() => store.selectProvider(provider.id)} />
            <span className="provider-name">{provider.name}</span>
            <span className="provider-fee">Fees {ONRAMP_FEE_RANGE}</span>
            <span className="muted">{provider.description}</span>
          </label>
        ))}
      </fieldset>

      <label htmlFor={`${id}-amount`}>{`Amount (${store.paymentId})`}</label>
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
      <p id={`${id}-limits`} className="muted">{`Limits ${limits}`}</p>
      <p className="muted hint" data-testid="onramp-hint">
        {store.amount !== '' ? (store.amountError ?? ' ') : ' '}
      </p>

      <dl className="quote" aria-live="polite" aria-busy={store.isQuoting} data-quote-id={quote?.quoteId}>
        <dt>You get</dt>
        <dd className="receive" data-testid="onramp-receive">
          {quote ? (store.isMockQuote ? `${quote.purchaseAmount.amount} ${quote.purchaseAmount.currency} of ${purchase?.symbol ?? ''}` : `${quote.purchaseAmount.amount} ${quote.purchaseAmount.currency}`) : '—'}
        </dd>
        <dt>Provider fee</dt>
        <dd>{quote ? formatMoney(quote.coinbaseFee.amount, quote.coinbaseFee.currency) : '—'}</dd>
        <dt>Network fee</dt>
        <dd>{quote ? formatMoney(quote.networkFee.amount, quote.networkFee.currency) : '—'}</dd>
        <dt>Total</dt>
        <dd>{quote ? formatMoney(quote.paymentTotal.amount, quote.paymentTotal.currency) : '—'}</dd>
      </dl>
      {store.isMockQuote ? <p className="muted">Estimated quote: the provider's checkout shows the final amount.</p> : null}

      <button type="submit" className="primary" disabled={!store.canBuy}>
        {busy ? 'Opening checkout…' : `Buy ${purchase?.symbol ?? ''}`.trim()}
      </button>
    </form>
  )
})
