import { observer } from 'mobx-react-lite'
import { useI18n, useKit, type ViewProps } from '../../../ui-shell/plugin.js'
import { NetworkSwitchStoreToken } from '../accountTokens.js'
import '../accountViewData.js'

/** SwitchActiveChain: the target network is in a namespace with no connection; confirming opens Connect (SPEC §2). */
export const SwitchActiveChainView = observer(function SwitchActiveChainView({ data }: ViewProps<'SwitchActiveChain'>) {
  const switcher = useKit().resolve(NetworkSwitchStoreToken)
  // Read defensively: a host may open the view by name without its data.
  const target = data?.caipNetworkId
  const network = switcher.networkOf(target)
  const { t } = useI18n()
  return (
    <div className="waiting">
      <p>{t('switchActiveChain.heading', { network: network?.name ?? t('receive.thisNetwork') })}</p>
      <p className="muted">{t('switchActiveChain.hint', { network: network?.name ?? t('receive.thisNetwork') })}</p>
      {target ? (
        <button type="button" className="primary" onClick={() => switcher.confirmActiveChain(target)}>
          {t('switchActiveChain.connect')}
        </button>
      ) : null}
    </div>
  )
})
