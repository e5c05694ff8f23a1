import { observer } from 'mobx-react-lite'
import { useI18n, useKit } from '../../../ui-shell/plugin.js'
import { ProfileWalletsStoreToken } from '../accountTokens.js'
import { PowerIcon } from './icons.js'

/** The row that disconnects every wallet (Account's footer, UnsupportedChain), busy while it runs. */
export const DisconnectRow = observer(function DisconnectRow() {
  const wallets = useKit().resolve(ProfileWalletsStoreToken)
  const { t } = useI18n()
  return (
    <button type="button" className="row disconnect" disabled={wallets.busyKey === 'all'} onClick={() => void wallets.disconnect()}>
      <span className="glyph" aria-hidden="true">
        <PowerIcon />
      </span>
      <span className="row-label">{t('account.disconnect')}</span>
    </button>
  )
})
