import { observer } from 'mobx-react-lite'
import { formatLocale, useI18n } from '../../../ui-shell/plugin.js'
import type { SwapStore } from '../SwapStore.js'
import { SWAP_SLIPPAGE_PERCENT } from '../swapNetworks.js'

export interface SwapDetailsProps {
  store: SwapStore
  /** Preview adds the minimum the slippage allows. */
  withMinimum?: boolean
}

/** Rate, price impact, network fee in USD and SPEC §9's slippage of the current quote. */
export const SwapDetails = observer(function SwapDetails({ store, withMinimum = false }: SwapDetailsProps) {
  const { t } = useI18n()
  if (!store.rate) return null
  return (
    <dl className="swap-details" aria-label={t('swap.details')}>
      <dt>{t('swap.rate')}</dt>
      <dd data-testid="swap-rate"><bdi>{store.rate}</bdi></dd>
      <dt>{t('swap.priceImpact')}</dt>
      <dd data-testid="swap-price-impact">{store.priceImpact ?? '–'}</dd>
      <dt>{t('swap.networkFee')}</dt>
      <dd data-testid="swap-network-fee">{store.networkFeeUsd ?? '–'}</dd>
      <dt>{t('swap.slippage')}</dt>
      <dd data-testid="swap-slippage">{new Intl.NumberFormat(formatLocale(), { style: 'percent' }).format(SWAP_SLIPPAGE_PERCENT / 100)}</dd>
      {withMinimum ? (
        <>
          <dt>{t('swap.minimum')}</dt>
          <dd data-testid="swap-minimum">{store.minimumReceived ?? '–'}</dd>
        </>
      ) : null}
    </dl>
  )
})
