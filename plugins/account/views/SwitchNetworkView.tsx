import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { useI18n, useKit, type ViewProps } from '../../../ui-shell/plugin.js'
import { NetworkSwitchStoreToken } from '../accountTokens.js'
import '../accountViewData.js'

/**
 * SwitchNetwork: waits for the wallet to switch; a failed switch goes back (SPEC §2), a retry
 * is offered meanwhile. Opened by `kit.open({ namespace })`, it starts the switch itself.
 */
export const SwitchNetworkView = observer(function SwitchNetworkView({ data }: ViewProps<'SwitchNetwork'>) {
  const switcher = useKit().resolve(NetworkSwitchStoreToken)
  // Read defensively: a host may open the view by name without its data.
  const target = data?.caipNetworkId
  const network = switcher.networkOf(target)
  const { t } = useI18n()

  useEffect(() => {
    if (target) switcher.ensureSwitching(target)
  }, [switcher, target])

  return (
    <div className="waiting">
      <span className="spinner large" aria-hidden="true" />
      <p>{switcher.pending ? t('switchNetwork.approve') : t('switchNetwork.declined')}</p>
      <p className="muted">{t('switchNetwork.accept', { network: network?.name ?? t('receive.thisNetwork') })}</p>
      {!switcher.pending && target ? (
        <button type="button" className="primary" onClick={() => void switcher.switchTo(target)}>
          {t('switchNetwork.retry')}
        </button>
      ) : null}
    </div>
  )
})
