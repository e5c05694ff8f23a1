import { observer } from 'mobx-react-lite'
import { useKit } from '../../../ui-shell/index.js'
import { NetworkSwitchStoreToken, ProfileWalletsStoreToken } from '../accountTokens.js'
import { NetworkList } from './NetworksView.js'
import { PowerIcon } from './icons.js'

/** UnsupportedChain: the wallet is on a chain the host does not list; pick one of the host's or disconnect. */
export const UnsupportedChainView = observer(function UnsupportedChainView() {
  const kit = useKit()
  const switcher = kit.resolve(NetworkSwitchStoreToken)
  const wallets = kit.resolve(ProfileWalletsStoreToken)
  return (
    <div className="stack">
      <p className="muted">This app doesn’t support your current network. Switch to an available option to continue.</p>
      <NetworkList networks={switcher.networks} active={undefined} onSelect={(id) => switcher.selectNetwork(id)} />
      <button type="button" className="row disconnect" onClick={() => void wallets.disconnect()}>
        <span className="glyph" aria-hidden="true">
          <PowerIcon />
        </span>
        <span>Disconnect</span>
      </button>
    </div>
  )
})
