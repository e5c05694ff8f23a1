import { observer } from 'mobx-react-lite'
import { ConnectorRegistryToken } from '../../../kernel/index.js'
import type { ViewProps } from '../../modal/Modal.js'
import { useKit } from '../../react/KitContext.js'
import { ConnectFlowStoreToken } from '../../tokens.js'
import { safeImageUrl } from '../safeImageUrl.js'
import { ConnectionError } from './ConnectionError.js'

/** What ConnectingExternal is opened with. */
export interface ConnectingExternalData {
  connectorId: string
  chain?: string
}

/**
 * ConnectingExternal: the wallet the visitor picked, asking them to continue in it, with a
 * spinner while it connects and SPEC §8's error (shaking, with 'Try again') when it fails.
 */
export const ConnectingExternalView = observer(function ConnectingExternalView({ data }: ViewProps) {
  const kit = useKit()
  const flow = kit.resolve(ConnectFlowStoreToken)
  const { connectorId, chain } = (data ?? {}) as Partial<ConnectingExternalData>
  const connector = connectorId ? kit.resolve(ConnectorRegistryToken).get(connectorId, chain) : undefined
  const name = connector?.name ?? 'your wallet'
  const image = safeImageUrl(connector?.imageUrl ?? connector?.info?.icon)
  const failed = flow.status === 'failed'
  return (
    <div className="connecting">
      <div className="connecting-logo" data-status={flow.status}>
        {image ? (
          <img src={image} alt="" />
        ) : (
          <span className="glyph" aria-hidden="true">
            {name.slice(0, 1)}
          </span>
        )}
        {flow.status === 'connecting' ? <span className="spinner" role="progressbar" aria-label="Connecting" /> : null}
      </div>
      <p className="connecting-title">{`Continue in ${name}`}</p>
      {failed ? (
        <ConnectionError error={flow.error} failures={flow.failures} onRetry={() => void flow.retry()} />
      ) : (
        <p className="muted" role="status">
          {flow.status === 'connecting' ? 'Accept the connection request in the wallet' : ''}
        </p>
      )}
    </div>
  )
})
