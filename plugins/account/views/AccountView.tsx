import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { AccountActionsToken, useI18n, useKit, useKitState, ViewStackToken } from '../../../ui-shell/plugin.js'
import { AccountStoreToken } from '../accountTokens.js'
import { AccountTabs } from './AccountTabs.js'
import { ChevronIcon, CopyIcon, SwitchIcon } from './icons.js'
import { DisconnectRow } from './DisconnectRow.js'

/**
 * Account (SPEC §2): who is connected (avatar, name, short address with copy, balance
 * floored to 3 decimals, explorer link), the network button, the actions plugins added to the
 * shell's AccountActions slot (Send, Receive, Swap, Buy...), the AccountTabs slot's tabs
 * (Tokens, NFTs, Activity...) and disconnect.
 */
export const AccountView = observer(function AccountView() {
  const kit = useKit()
  const account = kit.resolve(AccountStoreToken)
  // The embedded wallet's name for the visitor (email or social user name) when no name is registered.
  const authDisplayName = useKitState((state) => state.authDisplayName)
  const stack = kit.resolve(ViewStackToken)
  const caipAddress = account.caipAddress
  const { t } = useI18n()

  useEffect(() => {
    void account.loadBalances()
    void account.loadIdentity()
  }, [account, caipAddress])

  if (!account.address) return <p className="muted empty">{t('account.none')}</p>
  const actions = kit.resolve(AccountActionsToken).sorted
  const displayName = account.profileName ?? authDisplayName
  return (
    <div className="account">
      <button type="button" className="network-pill" onClick={() => stack.push(account.isUnsupportedNetwork ? 'UnsupportedChain' : 'Networks')}>
        <span className="dot" aria-hidden="true" data-unsupported={account.isUnsupportedNetwork || undefined} />
        {account.isUnsupportedNetwork ? t('account.unsupported') : account.network ? <bdi>{account.network.name}</bdi> : t('account.network')}
      </button>
      <div className="identity">
        {account.avatarUrl ? <img className="avatar" src={account.avatarUrl} alt="" /> : <span className="avatar" aria-hidden="true" />}
        {/* A name (registered, or the auth display name cut above 30 characters, SPEC §5) above the
            address; without one, the address is the name. The address is always there, short, with copy. */}
        {displayName ? (
          <bdi className="name" title={account.address}>
            {displayName}
          </bdi>
        ) : null}
        <div className="identity-address">
          <span className={displayName ? 'address' : 'name'} title={account.address}>
            {account.shortAddress}
          </span>
          <button type="button" className="icon-button copy" aria-label={t('account.copyAddress')} onClick={() => void account.copyAddress()}>
            <CopyIcon />
          </button>
        </div>
        <p className="balance" data-testid="account-balance">
          {account.balance !== undefined ? `${account.balance} ${account.balanceSymbol ?? ''}`.trim() : '—'}
        </p>
        {account.explorerUrl ? (
          <a className="explorer" href={account.explorerUrl} target="_blank" rel="noopener noreferrer">
            {t('account.explorer')}
          </a>
        ) : null}
      </div>
      {/* Secondary actions as list rows, as AppKit lays them out: a label never wraps, however many plugins add one. */}
      {actions.length > 0 ? (
        <ul className="list action-list" aria-label={t('account.actions')}>
          {actions.map(({ id, label, icon: Icon, view, data }) => (
            <li key={id}>
              <button type="button" className="row action-row" onClick={() => stack.push(view, data)}>
                {/* Without an icon, the label's first letter, drawn by CSS: the row's text stays its label. */}
                <span className="glyph" aria-hidden="true" data-letter={Icon ? undefined : t(label).slice(0, 1)}>
                  {Icon ? <Icon /> : null}
                </span>
                <span className="row-label">{t(label)}</span>
                <span className="chevron">
                  <ChevronIcon />
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <AccountTabs />
      <div className="account-footer">
        <button type="button" className="row" onClick={() => stack.push('ProfileWallets')}>
          <span className="glyph" aria-hidden="true">
            <SwitchIcon />
          </span>
          <span className="row-label">{t('account.connectedWallets')}</span>
        </button>
        <DisconnectRow />
      </div>
    </div>
  )
})
