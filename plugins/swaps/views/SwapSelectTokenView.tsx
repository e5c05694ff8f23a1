import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { TokenSelectList, type TokenSelectRow, useI18n, useKit, type ViewProps } from '../../../ui-shell/plugin.js'
import { SwapStoreToken } from '../swapsTokens.js'
import type { SwapTokenRow } from '../SwapStore.js'
import { TokenIcon } from './TokenIcon.js'

/**
 * The token picker of a swap side: a search over the network's tokens (`/v1/convert/tokens`),
 * each with the visitor's balance. Unsearched: the suggested tokens as chips, then the visitor's
 * own tokens, the popular ones and the rest (SPEC §9). Picking goes back to Swap.
 */
export const SwapSelectTokenView = observer(function SwapSelectTokenView({ data }: ViewProps<'SwapSelectToken'>) {
  const kit = useKit()
  const store = kit.resolve(SwapStoreToken)
  // Read defensively: a host may open the view by name without its data.
  const side = data?.side === 'to' ? 'to' : 'from'
  const { t } = useI18n()

  useEffect(() => {
    if (store.tokens.length === 0) void store.refresh()
    return () => store.setSearch('')
  }, [store])

  const toRow = (token: SwapTokenRow): TokenSelectRow => ({
    key: token.address,
    symbol: token.symbol,
    detail: token.name,
    value: token.balance,
    icon: <TokenIcon logoUri={token.logoUri} symbol={token.symbol} />,
  })
  const searching = store.search.trim() !== ''
  const sections = store.tokenSections
  return (
    <TokenSelectList
      search={store.search}
      onSearch={(search) => store.setSearch(search)}
      placeholder={t('swapSelectToken.search')}
      listLabel={t('swapSelectToken.list')}
      rows={(searching ? store.searchResults : sections.others).map(toRow)}
      suggested={store.suggestedTokens.map(toRow)}
      sections={[
        { label: t('swapSelectToken.yourTokens'), rows: sections.yours.map(toRow) },
        { label: t('swapSelectToken.popular'), rows: sections.popular.map(toRow) },
      ]}
      loading={store.isLoadingTokens}
      emptyTitle={t('swapSelectToken.none')}
      onPick={(key) => {
        const token = store.tokens.find((row) => row.address === key)
        if (!token) return
        store.selectToken(side, token)
        kit.back()
      }}
    />
  )
})
