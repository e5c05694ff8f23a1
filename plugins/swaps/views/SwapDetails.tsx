import { observer } from 'mobx-react-lite'
import type { SwapStore } from '../SwapStore.js'
import { SWAP_SLIPPAGE_PERCENT } from '../swapNetworks.js'

export interface SwapDetailsProps {
  store: SwapStore
  /** Preview adds the minimum the slippage allows. */
  withMinimum?: boolean
}

/** Rate, price impact, network fee in USD and SPEC §9's slippage of the current quote. */
export const SwapDetails = observer(function SwapDetails({ store, withMinimum = false }: SwapDetailsProps) {
  if (!store.rate) return null
  return (
    <dl className="swap-details" aria-label="Swap details">
      <dt>Rate</dt>
      <dd data-testid="swap-rate">{store.rate}</dd>
      <dt>Price impact</dt>
      <dd data-testid="swap-price-impact">{store.priceImpact ?? '–'}</dd>
      <dt>Network fee</dt>
      <dd data-testid="swap-network-fee">{store.networkFeeUsd ?? '–'}</dd>
      <dt>Max. slippage</dt>
      <dd data-testid="swap-slippage">{SWAP_SLIPPAGE_PERCENT}%</dd>
      {withMinimum ? (
        <>
          <dt>Minimum received</dt>
          <dd data-testid="swap-minimum">{store.minimumReceived ?? '–'}</dd>
        </>
      ) : null}
    </dl>
  )
})
