import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { AccountActionsToken, useKit, useKitState, ViewStackToken } from '../../../ui-shell/index.js'
import { AccountStoreToken } from '../accountTokens.js'
import { AccountTabs } from './AccountTabs.js'
import { CopyIcon, SwitchIcon } from './icons.js'
import { DisconnectRow } from './DisconnectRow.js'

/**
 * Account (SPEC §2): who is connected (avatar, name or short address with copy, balance
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

  useEffect(() => {
    void account.loadBalances()
    void account.loadIdentity()
  }, [account, caipAddress])

  if (!account.address) return <p className="muted empty">No account connected.</p>
  const actions = kit.resolve(AccountActionsToken).sorted
  return (
    <div className="account">
      <button type="button" className="network-pill" onClick={() => stack.push(account.isUnsupportedNetwork ? 'UnsupportedChain' : 'Networks')}>
        <span className="dot" aria-hidden="true" data-unsupported={account.isUnsupportedNetwork || undefined} />
        {account.isUnsupportedNetwork ? 'Unsupported network' : (account.network?.name ?? 'Network')}
      </button>
      <div className="identity">
        {account.avatarUrl ? <img className="avatar" src={account.avatarUrl} alt="" /> : <span className="avatar" aria-hidden="true" />}
        <div className="identity-name">
          <span className="name" title={account.address}>
            {account.profileName ?? authDisplayName ?? account.shortAddress}
          </span>
          <button type="button" className="icon-button copy" aria-label="Copy address" onClick={() => void account.copyAddress()}>
            <CopyIcon />
          </button>
        </div>
        <p className="balance" data-testid="account-balance">
          {account.balance !== undefined ? `${account.balance} ${account.balanceSymbol ?? ''}`.trim() : '—'}
        </p>
        {account.explorerUrl ? (
          <a className="explorer" href={account.explorerUrl} target="_blank" rel="noopener noreferrer">
            Block Explorer ↗
          </a>
        ) : null}
      </div>
      {actions.length > 0 ? (
        <div className="actions">
          {actions.map(({ id, label, icon: Icon, view, data }) => (
            <button key={id} type="button" className="action" onClick={() => stack.push(view, data)}>
              {Icon ? <Icon /> : null}
              {label}
            </button>
          ))}
        </div>
      ) : null}
      <AccountTabs />
      <div className="account-footer">
        <button type="button" className="row" onClick={() => stack.push('ProfileWallets')}>
          <span className="glyph" aria-hidden="true">
            <SwitchIcon />
          </span>
          <span>Connected wallets</span>
        </button>
        <DisconnectRow />
      </div>
    </div>
  )
})
