import { observer } from 'mobx-react-lite'
import { useEffect, useId } from 'react'
import { useKit, type ViewProps } from '../../../ui-shell/index.js'
import { SwapStoreToken } from '../swapsTokens.js'
import type { SwapTokenRow } from '../SwapStore.js'
import { TokenIcon } from './TokenIcon.js'

/**
 * The token picker of a swap side: a search over the network's tokens (`/v1/convert/tokens`),
 * the suggested tokens first, each with the visitor's balance. Picking goes back to Swap.
 */
export const SwapSelectTokenView = observer(function SwapSelectTokenView({ data }: ViewProps<'SwapSelectToken'>) {
  const kit = useKit()
  const store = kit.resolve(SwapStoreToken)
  const id = useId()
  // Read defensively: a host may open the view by name without its data.
  const side = data?.side === 'to' ? 'to' : 'from'

  useEffect(() => {
    if (store.tokens.length === 0) void store.refresh()
    return () => store.setSearch('')
  }, [store])

  const pick = (row: SwapTokenRow) => {
    store.selectToken(side, row)
    kit.back()
  }
  const results = store.searchResults
  return (
    <div className="swap">
      <label htmlFor={`${id}-search`} className="swap-sections-title">
        Search token
      </label>
      <input
        id={`${id}-search`}
        className="swap-search"
        type="search"
        autoComplete="off"
        spellCheck={false}
        placeholder="Name, symbol or address"
        value={store.search}
        onChange={(event) => store.setSearch(event.target.value)}
      />
      {store.search.trim() === '' && store.suggestedTokens.length > 0 ? (
        <ul className="swap-suggested" aria-label="Suggested tokens">
          {store.suggestedTokens.map((row) => (
            <li key={row.address}>
              <button type="button" className="swap-token" onClick={() => pick(row)}>
                <TokenIcon logoUri={row.logoUri} symbol={row.symbol} />
                {row.symbol}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="swap-sections-title" id={`${id}-tokens`}>
        Tokens
      </p>
      {results.length === 0 ? (
        <p className="muted empty">{store.isLoadingTokens ? 'Loading tokens…' : 'No token found.'}</p>
      ) : (
        <ul className="list swap-token-list" aria-labelledby={`${id}-tokens`}>
          {results.map((row) => (
            <li key={row.address}>
              <button type="button" className="row" onClick={() => pick(row)}>
                <TokenIcon logoUri={row.logoUri} symbol={row.symbol} />
                <span className="swap-token-name">
                  <span>{row.symbol}</span>
                  <span>{row.name}</span>
                </span>
                <span className="tag">{row.balance}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
})
