import { observer } from 'mobx-react-lite'
import { useId, type KeyboardEvent } from 'react'
import { AccountTabsToken, useI18n, useKit } from '../../../ui-shell/plugin.js'
import { AccountStoreToken } from '../accountTokens.js'

/**
 * The Account tabs (WAI-ARIA tabs): the entries plugins added to the shell's AccountTabs slot,
 * in their order (Tokens, NFTs, Activity...). The selected one falls back to the first when its
 * plugin is gone; an empty slot renders nothing.
 */
export const AccountTabs = observer(function AccountTabs() {
  const kit = useKit()
  const account = kit.resolve(AccountStoreToken)
  const tabs = kit.resolve(AccountTabsToken).sorted
  const id = useId()
  const { t } = useI18n()
  const current = tabs.find((tab) => tab.id === account.tab) ?? tabs[0]
  if (!current) return null
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return
    const step = event.key === 'ArrowRight' ? 1 : -1
    const next = tabs[(tabs.indexOf(current) + step + tabs.length) % tabs.length]!
    account.selectTab(next.id)
    ;(event.currentTarget.querySelector(`#${CSS.escape(`${id}-${next.id}`)}`) as HTMLElement | null)?.focus()
  }
  const Panel = current.component
  return (
    <div className="tabs">
      <div role="tablist" aria-label={t('account.tabs')} className="tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            id={`${id}-${tab.id}`}
            type="button"
            role="tab"
            aria-selected={tab === current}
            aria-controls={`${id}-${tab.id}-panel`}
            tabIndex={tab === current ? 0 : -1}
            onClick={() => account.selectTab(tab.id)}
          >
            {t(tab.label)}
          </button>
        ))}
      </div>
      {/* Focusable (WAI-ARIA tabs): a long list scrolls, and its rows hold nothing a keyboard can reach. */}
      <div role="tabpanel" tabIndex={0} id={`${id}-${current.id}-panel`} aria-labelledby={`${id}-${current.id}`} className="tabpanel">
        <Panel />
      </div>
    </div>
  )
})
