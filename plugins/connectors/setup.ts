import { ConnectorRegistryToken } from '../../kernel/container.js'
import type { PluginContext } from '../../kernel/loader/PluginContext.js'
import type { PluginSetup } from '../../kernel/loader/definePlugin.js'
import { withTimeout } from '../../kernel/withTimeout.js'
import type { ChainNamespace } from '../../chains/caip/ChainNamespace.js'
import type { AnyConnector } from '../../chains/connectors/ChainConnector.js'
import { ConnectionStore } from '../../chains/connection/ConnectionStore.js'
import { ModalClosedError } from '../../chains/errors/connection.js'
import { resolveRpcUrls } from '../../chains/networks/resolveRpcUrls.js'
import { ConnectionStoreToken } from './ConnectionStoreToken.js'
import type { ConnectorsOptions } from './ConnectorsOptions.js'

/** Builds the setup for one `connectors(options)` call. */
export function createConnectorsSetup(options: ConnectorsOptions): PluginSetup {
  return async (ctx: PluginContext) => {
    const registry = ctx.resolve(ConnectorRegistryToken)
    const removers: Array<() => void> = []
    ctx.onClose(() => {
      for (const remove of removers.splice(0).reverse()) remove()
    })
    const findConnector = (id: string, namespace?: ChainNamespace) =>
      (registry.list().find((c) => c.id === id && (namespace === undefined || c.chain === namespace || c.chain === undefined)) as
        | AnyConnector
        | undefined)
    const networks = options.defaultNetwork
      ? [...options.networks].sort((a, b) => Number(b.caipNetworkId === options.defaultNetwork) - Number(a.caipNetworkId === options.defaultNetwork))
      : options.networks
    const store = new ConnectionStore({
      storage: ctx.storage,
      networks,
      findConnector,
      rpcUrls: (network) =>
        resolveRpcUrls(network, {
          blockchainApiUrl: ctx.options.blockchainApiUrl ?? ctx.options.apiUrl,
          projectId: ctx.options.projectId,
          customRpcUrls: options.customRpcUrls,
        }),
      emit: (event, payload) => ctx.emit(event, payload as never),
    })
    ctx.registerStore(ConnectionStoreToken, store)
    ctx.contributeState('address', () => store.address)
    ctx.contributeState('caipAddress', () => store.caipAddress)
    ctx.contributeState('caipNetworkId', () => store.activeCaipNetworkId)
    ctx.contributeState('status', () => store.status)

    // SPEC §4: a connect waiting on a wallet rejects with 'Modal closed' when the modal closes.
    ctx.on('modal:closed', () => store.cancelPendingConnects(new ModalClosedError()))

    for (const connector of options.connectors ?? []) removers.push(registry.register(connector))
    for (const source of options.sources ?? []) removers.push(source.start((connector) => registry.register(connector)))

    // A saved connection is restored before the kit reports ready, unless a wallet stalls:
    // then it finishes in the background and never throws at the host (SPEC §4).
    const restoring = store.reconnect()
    await withTimeout(restoring, options.reconnectWaitMs ?? 5_000, () => new Error('slow reconnect')).catch(() => {})
  }
}
