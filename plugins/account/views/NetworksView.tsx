import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { safeImageUrl, useI18n, useKit } from '../../../ui-shell/plugin.js'
import type { Network } from '../../../chains/networks/Network.js'
import { NetworkSwitchStoreToken } from '../accountTokens.js'

/** Networks: the host's networks; picking one switches (SPEC §2). */
export const NetworksView = observer(function NetworksView() {
  const switcher = useKit().resolve(NetworkSwitchStoreToken)
  useEffect(() => void switcher.loadServedNetworks(), [switcher])
  return (
    <NetworkList
      networks={switcher.networks}
      active={switcher.activeCaipNetworkId}
      onSelect={(id) => switcher.selectNetwork(id)}
      isUnserved={(network) => switcher.isUnserved(network)}
    />
  )
})

export interface NetworkListProps {
  networks: readonly Network[]
  active: string | undefined
  onSelect(caipNetworkId: string): void
  /** Marks a network the blockchain service does not serve (SPEC §7 /v1/supported-chains). */
  isUnserved?(network: Network): boolean
}

/** A list of networks as rows; the active one is marked for sight and for screen readers. */
export const NetworkList = observer(function NetworkList({ networks, active, onSelect, isUnserved }: NetworkListProps) {
  const { t } = useI18n()
  if (networks.length === 0) return <p className="muted empty">{t('networks.none')}</p>
  return (
    <ul className="list" aria-label={t('networks.list')}>
      {networks.map((network) => {
        const image = safeImageUrl(network.assets?.imageUrl)
        const isActive = network.caipNetworkId === active
        return (
          <li key={network.caipNetworkId}>
            <button type="button" className="row" aria-current={isActive ? 'true' : undefined} onClick={() => onSelect(network.caipNetworkId)}>
              {image ? (
                <img src={image} alt="" />
              ) : (
                <span className="glyph" aria-hidden="true">
                  {network.name.slice(0, 1)}
                </span>
              )}
              <span>
                <bdi>{network.name}</bdi>
              </span>
              {isUnserved?.(network) ? <span className="tag muted">{t('networks.unserved')}</span> : null}
              {isActive ? <span className="tag">{t('networks.active')}</span> : null}
            </button>
          </li>
        )
      })}
    </ul>
  )
})
