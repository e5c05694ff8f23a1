import { observer } from 'mobx-react-lite'
import { useKit } from '../../react/KitContext.js'
import type { ViewProps } from '../../modal/Modal.js'
import { NetworkSwitchStoreToken } from './accountTokens.js'
import type { SwitchTarget } from './NetworkSwitchStore.js'

/** SwitchNetwork: waits for the wallet to switch; a failed switch goes back (SPEC §2), a retry is offered meanwhile. */
export const SwitchNetworkView = observer(function SwitchNetworkView({ data }: ViewProps) {
  const switcher = useKit().resolve(NetworkSwitchStoreToken)
  const target = (data as SwitchTarget | undefined)?.caipNetworkId
  const network = switcher.networkOf(target)
  return (
    <div className="waiting">
      <span className="spinner large" aria-hidden="true" />
      <p>{switcher.pending ? 'Approve in wallet' : 'Switch declined'}</p>
      <p className="muted">Accept the switch to {network?.name ?? 'this network'} in your wallet.</p>
      {!switcher.pending && target ? (
        <button type="button" className="primary" onClick={() => void switcher.switchTo(target)}>
          Try again
        </button>
      ) : null}
    </div>
  )
})
