import { observer } from 'mobx-react-lite'
import { safeImageUrl, shortAddress, useI18n, useKit } from '../../../ui-shell/plugin.js'
import { ProfileWalletsStoreToken } from '../accountTokens.js'
import type { WalletRow } from '../ProfileWalletsStore.js'

/** ProfileWallets: every saved connection per namespace; switch to one or disconnect the live one. */
export const ProfileWalletsView = observer(function ProfileWalletsView() {
  const wallets = useKit().resolve(ProfileWalletsStoreToken)
  const { t } = useI18n()
  if (wallets.rows.length === 0) return <p className="muted empty">{t('profileWallets.none')}</p>
  return (
    <ul className="list" aria-label={t('profileWallets.list')}>
      {wallets.rows.map((row) => (
        <li key={row.key} className="wallet-connection">
          <WalletIcon row={row} />
          <span className="token-name">
            {/* Who is logged in through an embedded wallet (its email or social account) leads, whole when it fits: the wallet kind goes below. */}
            <bdi>{row.account ?? row.name}</bdi>
            <span className="muted">
              {row.account ? (
                <>
                  <bdi>{row.name}</bdi>
                  {' · '}
                </>
              ) : null}
              <bdi>{row.chainName}</bdi>
              {row.address ? (
                <>
                  {' · '}
                  <bdi>{shortAddress(row.address)}</bdi>
                </>
              ) : null}
            </span>
          </span>
          {row.isCurrent ? (
            <button type="button" className="secondary" disabled={wallets.busyKey === row.namespace} onClick={() => void wallets.disconnect(row.namespace)}>
              {t('profileWallets.disconnect')}
            </button>
          ) : (
            <button type="button" className="secondary" disabled={wallets.busyKey === row.key} onClick={() => void wallets.switchTo(row)}>
              {t('profileWallets.switch')}
            </button>
          )}
        </li>
      ))}
    </ul>
  )
})

/** The wallet's own icon where it has a safe one, else its initial. */
function WalletIcon({ row }: { row: WalletRow }) {
  const icon = safeImageUrl(row.icon)
  if (icon) return <img src={icon} alt="" />
  return (
    <span className="glyph" aria-hidden="true">
      {row.name.slice(0, 1)}
    </span>
  )
}
