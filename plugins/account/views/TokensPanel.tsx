import { observer } from 'mobx-react-lite'
import { EmptyState, ListSkeleton, useI18n, useKit } from '../../../ui-shell/plugin.js'
import { TokenImage } from './TokenImage.js'
import { AccountStoreToken } from '../accountTokens.js'
import { formatFiat } from '../format/formatFiat.js'
import { formatTokenAmount } from '../format/formatTokenAmount.js'

/** The Tokens tab: amounts 2 decimals, fiat 2 decimals, 0-decimal tokens hidden (SPEC §5). */
export const TokensPanel = observer(function TokensPanel() {
  const account = useKit().resolve(AccountStoreToken)
  const { t } = useI18n()
  if (account.tokens.length === 0)
    return account.isLoadingBalances ? <ListSkeleton label={t('tokens.loading')} count={2} /> : <EmptyState title={t('tokens.none')} hint={t('tokens.noneHint')} icon="◎" />
  return (
    <ul className="list token-list" aria-label={t('tokens.list')}>
      {account.tokens.map((token) => {
        return (
          <li key={`${token.chainId}:${token.address ?? token.symbol}`} className="token-row">
            <TokenImage token={token} />
            <span className="token-name">
              <bdi>{token.name}</bdi>
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
