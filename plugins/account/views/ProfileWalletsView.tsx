import { observer } from 'mobx-react-lite'
import { safeImageUrl, shortAddress, useKit } from '../../../ui-shell/index.js'
import { ProfileWalletsStoreToken } from '../accountTokens.js'
import type { WalletRow } from '../ProfileWalletsStore.js'

/** ProfileWallets: every saved connection per namespace; switch to one or disconnect the live one. */
export const ProfileWalletsView = observer(function ProfileWalletsView() {
  const wallets = useKit().resolve(ProfileWalletsStoreToken)
  if (wallets.rows.length === 0) return <p className="muted empty">No wallet connected.</p>
  return (
    <ul className="list" aria-label="Connected wallets">
      {wallets.rows.map((row) => (
        <li key={row.key} className="wallet-connection">
          <WalletIcon row={row} />
          <span className="token-name">
            <span>{row.name}</span>
            <span className="muted">
              {row.chainName}
              {row.address ? ` · ${shortAddress(row.address)}` : ''}
            </span>
          </span>
          {row.isCurrent ? (
            <button type="button" className="secondary" disabled={wallets.busyKey === row.namespace} onClick={() => void wallets.disconnect(row.namespace)}>
              Disconnect
            </button>
          ) : (
            <button type="button" className="secondary" disabled={wallets.busyKey === row.key} onClick={() => void wallets.switchTo(row)}>
              Switch
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
