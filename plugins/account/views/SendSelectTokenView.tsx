import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import { TokenSelectList, useI18n, useKit } from '../../../ui-shell/plugin.js'
import { AccountStoreToken, SendStoreToken } from '../accountTokens.js'
import { formatFiat } from '../format/formatFiat.js'
import { formatTokenAmount } from '../format/formatTokenAmount.js'
import { tokenKey } from '../SendStore.js'
import { TokenImage } from './TokenImage.js'

/**
 * Send's token picker, the shell's as Swap's: the account's tokens with their balances and
 * value, a search by name or symbol; picking one goes back to Send.
 */
export const SendSelectTokenView = observer(function SendSelectTokenView() {
  const kit = useKit()
  const account = kit.resolve(AccountStoreToken)
  const send = kit.resolve(SendStoreToken)
  const { t } = useI18n()
  const [search, setSearch] = useState('')
  const term = search.trim().toLowerCase()
  const tokens = account.tokens.filter((token) => !term || token.symbol.toLowerCase().includes(term) || token.name.toLowerCase().includes(term))
  const chosen = send.token ? tokenKey(send.token) : undefined
  return (
    <TokenSelectList
      search={search}
      onSearch={setSearch}
      placeholder={t('sendSelectToken.search')}
      listLabel={t('sendSelectToken.list')}
      rows={tokens.map((token) => ({
        key: tokenKey(token),
        symbol: token.symbol,
        detail: `${formatTokenAmount(token.quantity.numeric)} ${token.symbol}`,
        value: formatFiat(token.quantity.numeric, token.price) ?? '',
        icon: <TokenImage token={token} />,
        current: tokenKey(token) === chosen,
      }))}
      loading={account.isLoadingBalances}
      emptyTitle={t('sendSelectToken.none')}
      emptyHint={t('sendSelectToken.noneHint')}
      onPick={(key) => {
        send.selectToken(key, account.tokens)
        kit.back()
      }}
    />
  )
})
