import { observer } from 'mobx-react-lite'
import { useI18n, useKit } from '../../../ui-shell/plugin.js'
import { NetworkSwitchStoreToken } from '../accountTokens.js'
import { NetworkList } from './NetworksView.js'
import { DisconnectRow } from './DisconnectRow.js'

/** UnsupportedChain: the wallet is on a chain the host does not list; pick one of the host's or disconnect. */
export const UnsupportedChainView = observer(function UnsupportedChainView() {
  const kit = useKit()
  const switcher = kit.resolve(NetworkSwitchStoreToken)
  const { t } = useI18n()
  return (
    <div className="stack">
      <p className="muted">{t('unsupportedChain.hint')}</p>
      <NetworkList networks={switcher.networks} active={undefined} onSelect={(id) => switcher.selectNetwork(id)} />
      <DisconnectRow />
    </div>
  )
})
