import { observer } from 'mobx-react-lite'
import {
  ConnectorRegistryToken,
  EventBusToken,
  FeatureStoreToken,
  ViewRegistryToken,
  ViewStackToken,
  type KitConnector,
} from '../../kernel/index.js'
import { useKit } from '../react/KitContext.js'
import { safeImageUrl } from './safeImageUrl.js'

/**
 * Connect: the connectors plugins registered. Picking one emits 'connector:selected' (the
 * plugin that owns it connects) and shows ConnectingExternal when a plugin registered it.
 */
export const ConnectView = observer(function ConnectView() {
  const kit = useKit()
  const connectors = kit.resolve(ConnectorRegistryToken).list()
  const features = kit.resolve(FeatureStoreToken)
  const views = kit.resolve(ViewRegistryToken)
  const select = (connector: KitConnector) => {
    kit.resolve(EventBusToken).emit('connector:selected', { id: connector.id, chain: connector.chain })
    if (kit.resolve(ViewRegistryToken).has('ConnectingExternal'))
      kit.resolve(ViewStackToken).push('ConnectingExternal', { connectorId: connector.id, chain: connector.chain })
  }
  return (
    <>
      {connectors.length === 0 ? (
        <p className="muted empty">No wallet found in this browser.</p>
      ) : (
        <ul className="list" aria-label="Wallets">
          {connectors.map((connector) => (
            <li key={`${connector.chain ?? ''}:${connector.id}`}>
              <ConnectorRow connector={connector} onSelect={select} />
            </li>
          ))}
        </ul>
      )}
      {views.has('AllWallets') ? (
        <button type="button" className="row all-wallets-row" onClick={() => kit.resolve(ViewStackToken).push('AllWallets')}>
          <span className="glyph" aria-hidden="true">
            ⋯
          </span>
          <span>All Wallets</span>
        </button>
      ) : null}
      {features.isOn('branding') ? <p className="footer">Secured by Latch</p> : null}
    </>
  )
})

interface ConnectorRowProps {
  connector: KitConnector
  onSelect(connector: KitConnector): void
}

function ConnectorRow({ connector, onSelect }: ConnectorRowProps) {
  const image = safeImageUrl(connector.imageUrl ?? connector.info?.icon)
  const installed = connector.type === 'INJECTED' || connector.type === 'ANNOUNCED'
  return (
    <button type="button" className="row" onClick={() => onSelect(connector)}>
      {image ? (
        <img src={image} alt="" />
      ) : (
        <span className="glyph" aria-hidden="true">
          {connector.name.slice(0, 1)}
        </span>
      )}
      <span>{connector.name}</span>
      {installed ? <span className="tag">Installed</span> : null}
    </button>
  )
}
