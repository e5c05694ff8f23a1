import { observer } from 'mobx-react-lite'
import { useKit, type ViewProps } from '../../../ui-shell/index.js'
import { NetworkSwitchStoreToken } from '../accountTokens.js'
import '../accountViewData.js'

/** SwitchActiveChain: the target network is in a namespace with no connection; confirming opens Connect (SPEC §2). */
export const SwitchActiveChainView = observer(function SwitchActiveChainView({ data }: ViewProps<'SwitchActiveChain'>) {
  const switcher = useKit().resolve(NetworkSwitchStoreToken)
  // Read defensively: a host may open the view by name without its data.
  const target = data?.caipNetworkId
  const network = switcher.networkOf(target)
  return (
    <div className="waiting">
      <p>Switch to {network?.name ?? 'this network'}</p>
      <p className="muted">Your wallet is not connected on {network?.name ?? 'this network'}. Connect a wallet that supports it to continue.</p>
      {target ? (
        <button type="button" className="primary" onClick={() => switcher.confirmActiveChain(target)}>
          Connect a wallet
        </button>
      ) : null}
    </div>
  )
})
