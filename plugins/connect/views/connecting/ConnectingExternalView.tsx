import { observer } from 'mobx-react-lite'
import { safeImageUrl, useI18n, useKit, type ViewProps } from '../../../../ui-shell/plugin.js'
import { ConnectorRegistryToken } from '../../../connectors/index.js'
import { ConnectFlowStoreToken } from '../../connectTokens.js'
import { ConnectionError } from './ConnectionError.js'

/**
 * ConnectingExternal: the wallet the visitor picked, asking them to continue in it, with a
 * spinner while it connects and SPEC §8's error (shaking, with 'Try again') when it fails.
 */
export const ConnectingExternalView = observer(function ConnectingExternalView({ data }: ViewProps<'ConnectingExternal'>) {
  const kit = useKit()
  const flow = kit.resolve(ConnectFlowStoreToken)
  // A host may open the view without data (`kit.open({ view: 'ConnectingExternal' })`).
  const connector = data?.connectorId ? kit.resolve(ConnectorRegistryToken).get(data.connectorId, data.chain) : undefined
  const { t } = useI18n()
  const name = connector?.name ?? t('connecting.yourWallet')
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
        {flow.status === 'connecting' ? <span className="spinner" role="progressbar" aria-label={t('connecting.spinner')} /> : null}
      </div>
      <p className="connecting-title">{t('connecting.continueIn', { name })}</p>
      {failed ? (
        <ConnectionError error={flow.error} failures={flow.failures} onRetry={() => void flow.retry()} />
      ) : (
        <p className="muted" role="status">
          {flow.status === 'connecting' ? t('connecting.accept') : ''}
        </p>
      )}
    </div>
  )
})
