import { observer } from 'mobx-react-lite'
import { useId, useState } from 'react'
import { useKit } from '../../../ui-shell/index.js'
import { AccountStoreToken, SendStoreToken } from '../accountTokens.js'
import { formatFiat } from '../format/formatFiat.js'
import { formatTokenAmount } from '../format/formatTokenAmount.js'
import { tokenKey } from '../SendStore.js'
import { TokenImage } from './TokenImage.js'

/**
 * Send's token picker, as Swap's: the account's tokens with their balances and value, a search
 * by name or symbol; picking one goes back to Send.
 */
export const SendSelectTokenView = observer(function SendSelectTokenView() {
  const kit = useKit()
  const account = kit.resolve(AccountStoreToken)
  const send = kit.resolve(SendStoreToken)
  const [search, setSearch] = useState('')
  const id = useId()
  const term = search.trim().toLowerCase()
  const tokens = account.tokens.filter((token) => !term || token.symbol.toLowerCase().includes(term) || token.name.toLowerCase().includes(term))
  return (
    <div className="send">
      <label htmlFor={`${id}-search`}>Search token</label>
      <input
        id={`${id}-search`}
        className="field"
        type="search"
        autoComplete="off"
        spellCheck={false}
        placeholder="Name or symbol"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {tokens.length === 0 ? (
        <p className="muted empty">{account.isLoadingBalances ? 'Loading balances…' : term ? 'No token found.' : 'No tokens yet.'}</p>
      ) : (
        <ul className="list" aria-label="Your tokens">
          {tokens.map((token) => (
            <li key={tokenKey(token)}>
              <button
                type="button"
                className="row token-choice"
                aria-current={send.token && tokenKey(send.token) === tokenKey(token) ? 'true' : undefined}
                onClick={() => {
                  send.selectToken(tokenKey(token), account.tokens)
                  kit.back()
                }}
              >
                <TokenImage token={token} />
                <span className="token-name">
                  <span>{token.symbol}</span>
                  <span className="muted">{`${formatTokenAmount(token.quantity.numeric)} ${token.symbol}`}</span>
                </span>
                <span className="token-value">{formatFiat(token.quantity.numeric, token.price) ?? ''}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
})
