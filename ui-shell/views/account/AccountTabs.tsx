import { observer } from 'mobx-react-lite'
import { useId, type KeyboardEvent } from 'react'
import { useKit } from '../../react/KitContext.js'
import { safeImageUrl } from '../safeImageUrl.js'
import { AccountStoreToken, HistoryStoreToken } from './accountTokens.js'
import type { AccountTab } from './AccountStore.js'
import { formatTokenAmount } from './format/formatTokenAmount.js'
import { formatFiat } from './format/formatFiat.js'

const LABELS: Record<AccountTab, string> = { tokens: 'Tokens', nfts: 'NFTs', activity: 'Activity' }

/* ─── Root ─────────────────────────────────────────────────────────────── */

/** The Account tabs (WAI-ARIA tabs): Tokens, NFTs, and Activity while the `activity` feature is on. */
export const AccountTabs = observer(function AccountTabs() {
  const kit = useKit()
  const account = kit.resolve(AccountStoreToken)
  const id = useId()
  const tabs = account.tabs
  const current = account.currentTab
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return
    const step = event.key === 'ArrowRight' ? 1 : -1
    const next = tabs[(tabs.indexOf(current) + step + tabs.length) % tabs.length]!
    account.selectTab(next)
    ;(event.currentTarget.querySelector(`#${CSS.escape(`${id}-${next}`)}`) as HTMLElement | null)?.focus()
  }
  return (
    <div className="tabs">
      <div role="tablist" aria-label="Account" className="tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab}
            id={`${id}-${tab}`}
            type="button"
            role="tab"
            aria-selected={tab === current}
            aria-controls={`${id}-${tab}-panel`}
            tabIndex={tab === current ? 0 : -1}
            onClick={() => account.selectTab(tab)}
          >
            {LABELS[tab]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-${current}-panel`} aria-labelledby={`${id}-${current}`} className="tabpanel">
        {current === 'tokens' ? <TokensPanel /> : current === 'nfts' ? <NftsPanel /> : <ActivityPanel />}
      </div>
    </div>
  )
})

/* ─── Tokens ───────────────────────────────────────────────────────────── */

/** The token balances: amounts 2 decimals, fiat 2 decimals, 0-decimal tokens hidden. */
export const TokensPanel = observer(function TokensPanel() {
  const account = useKit().resolve(AccountStoreToken)
  if (account.tokens.length === 0) return <p className="muted empty">{account.isLoadingBalances ? 'Loading balances…' : 'No tokens yet.'}</p>
  return (
    <ul className="list token-list" aria-label="Tokens">
      {account.tokens.map((token) => {
        const icon = safeImageUrl(token.iconUrl)
        return (
          <li key={`${token.chainId}:${token.address ?? token.symbol}`} className="token-row">
            {icon ? <img src={icon} alt="" /> : <span className="glyph" aria-hidden="true">{token.symbol.slice(0, 1)}</span>}
            <span className="token-name">
              <span>{token.name}</span>
              <span className="muted">
                {formatTokenAmount(token.quantity.numeric)} {token.symbol}
              </span>
            </span>
            <span className="token-value">{formatFiat(token.quantity.numeric, token.price) ?? ''}</span>
          </li>
        )
      })}
    </ul>
  )
})

/* ─── NFTs ─────────────────────────────────────────────────────────────── */

/** NFTs seen in the history, spam dropped. */
export const NftsPanel = observer(function NftsPanel() {
  const history = useKit().resolve(HistoryStoreToken)
  if (history.nfts.length === 0) return <p className="muted empty">No NFTs yet.</p>
  return (
    <ul className="list" aria-label="NFTs">
      {history.nfts.map((nft) => {
        const image = safeImageUrl(nft.image)
        return (
          <li key={nft.key} className="token-row">
            {image ? <img src={image} alt="" /> : <span className="glyph" aria-hidden="true">◆</span>}
            <span>{nft.name}</span>
          </li>
        )
      })}
    </ul>
  )
})

/* ─── Activity ─────────────────────────────────────────────────────────── */

/** The active chain's transactions, all-spam ones dropped. */
export const ActivityPanel = observer(function ActivityPanel() {
  const history = useKit().resolve(HistoryStoreToken)
  if (history.current.length === 0) return <p className="muted empty">{history.isLoading ? 'Loading activity…' : 'No activity yet.'}</p>
  return (
    <ul className="list" aria-label="Activity">
      {history.current.map((entry) => {
        const transfer = entry.transfers.find((t) => t.fungible_info) ?? entry.transfers[0]
        const symbol = transfer?.fungible_info?.symbol ?? transfer?.nft_info?.name ?? ''
        const amount = transfer?.quantity?.numeric ? formatTokenAmount(transfer.quantity.numeric) : ''
        return (
          <li key={entry.id} className="token-row">
            <span className="glyph" aria-hidden="true">
              {transfer?.direction === 'in' ? '↓' : '↑'}
            </span>
            <span className="token-name">
              <span className="capitalize">{entry.metadata.operationType ?? 'transaction'}</span>
              <span className="muted">{entry.metadata.status ?? ''}</span>
            </span>
            <span className="token-value">{`${amount} ${symbol}`.trim()}</span>
          </li>
        )
      })}
    </ul>
  )
})
