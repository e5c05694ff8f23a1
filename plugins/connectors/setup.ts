import { runInAction } from 'mobx'
import { withTimeout, type PluginContext, type PluginSetup } from '../../kernel/index.js'
import { ApiClientToken, assetImageUrl } from '../../ui-shell/plugin.js'
import type { ChainNamespace } from '../../chains/caip/ChainNamespace.js'
import { ConnectionStore } from '../../chains/connection/ConnectionStore.js'
import { isMultiChainConnector } from '../../chains/connectors/ChainConnector.js'
import { ModalClosedError } from '../../chains/errors/connection.js'
import { resolveRpcUrls } from '../../chains/networks/resolveRpcUrls.js'
import { withImageUrl } from '../../chains/networks/withImageUrl.js'
import { WALLET_CONNECT_ID } from '../../chains/walletconnect/walletConnectId.js'
import { ConnectionStoreToken } from './ConnectionStoreToken.js'
import { ConnectorRegistry } from './ConnectorRegistry.js'
import { ConnectorRegistryToken } from './ConnectorRegistryToken.js'
import type { ConnectorsOptions } from './ConnectorsOptions.js'
import { registerConnectorsRpc } from './registerConnectorsRpc.js'
import { registerProviders } from './registerProviders.js'
import { contributeConnectionState } from './contributeConnectionState.js'
import { followOtherTabs } from './followOtherTabs.js'
import { rememberWalletLinkChoice } from './rememberWalletLinkChoice.js'


/** Builds the setup for one `connectors(options)` call. */
export function createConnectorsSetup(options: ConnectorsOptions): PluginSetup {
  return async (ctx: PluginContext) => {
    // What a source needs before its connectors register (WalletConnect: its pairing store, which
    // stays out of the host's first script); then the setup in one batch, as the kernel runs one.
    await Promise.all((options.sources ?? []).map((source) => source.prepare?.()))
    return runInAction(() => setUpConnectors(ctx, options))
  }
}

async function setUpConnectors(ctx: PluginContext, options: ConnectorsOptions): Promise<void> {
  const registry = ctx.registerStore(ConnectorRegistryToken, new ConnectorRegistry())
  const removers: Array<() => void> = []
  ctx.onClose(() => {
    for (const remove of removers.splice(0).reverse()) remove()
  })
  // Loaded without the shell's services (tests, headless hosts), networks keep their letter.
  const api = ctx.kit.isProvided(ApiClientToken) ? ctx.resolve(ApiClientToken) : undefined
  const imageUrlOf = api ? (imageId: string) => assetImageUrl(api, imageId) : undefined
  const networks = (
    options.defaultNetwork
      ? [...options.networks].sort((a, b) => Number(b.caipNetworkId === options.defaultNetwork) - Number(a.caipNetworkId === options.defaultNetwork))
      : options.networks
  ).map((network) => withImageUrl(network, imageUrlOf))
  const store = new ConnectionStore({
    storage: ctx.storage,
    networks,
    findConnector: (id, namespace?: ChainNamespace) => registry.get(id, namespace),
    rpcUrls: (network) =>
      resolveRpcUrls(network, {
        blockchainApiUrl: ctx.options.blockchainApiUrl ?? ctx.options.apiUrl,
        projectId: ctx.options.projectId,
        customRpcUrls: options.customRpcUrls,
      }),
    // The connectors plugin merges ConnectionEventMap into KitEventMap (events.ts): the same events.
    emit: (event, payload) => ctx.emit(event, payload as never),
    // A saved embedded-wallet connection: its connector comes with a plugin loaded after this one.
    pluginsLoaded: () => ctx.kit.ready,
    // A chain plugin serves a namespace through its source (named after it) or a connector registered for it.
    servesNamespace: (namespace) =>
      (options.sources ?? []).some((source) => source.id === namespace) ||
      registry.list().some((connector) => (isMultiChainConnector(connector) ? connector.connectors.some((one) => one.chain === namespace) : connector.chain === namespace)),
  })
  ctx.registerStore(ConnectionStoreToken, store)
  contributeConnectionState(ctx, store, networks)
  // SPEC §2 rule 2: no chain adapter besides WalletConnect, or WalletConnect in manual mode.
  // Read live: another plugin's connector (the embedded wallet's, behind email and social login)
  // is another way in, and the QR view would leave it out of reach.
  const sources = options.sources ?? []
  const onlyWalletConnectSources =
    sources.length > 0 && sources.every((source) => source.id === WALLET_CONNECT_ID) && (options.connectors ?? []).length === 0
  ctx.contributeState(
    'walletConnectOnly',
    () => ctx.options.manualWCControl === true || (onlyWalletConnectSources && registry.list().every((connector) => connector.id === WALLET_CONNECT_ID)),
  )
  registerConnectorsRpc(ctx, store)
  registerProviders(ctx, store)

  // SPEC §4: a connect waiting on a wallet rejects with 'Modal closed' when the modal closes.
  ctx.on('modal:closed', () => store.cancelPendingConnects(new ModalClosedError()))

  for (const connector of options.connectors ?? []) removers.push(registry.register(connector))
  for (const source of sources) removers.push(source.start((connector) => registry.register(connector)))
  removers.push(rememberWalletLinkChoice(ctx, registry))

  // A saved connection is restored before the kit reports ready, unless a wallet stalls:
  // then it finishes in the background and never throws at the host (SPEC §4).
  const { settled } = store.reconnect()
  removers.push(followOtherTabs(store, ctx.options.storagePrefix))
  await withTimeout(settled, options.reconnectWaitMs ?? 5_000, () => new SlowReconnect()).catch(() => {})
}

/** Marks the reconnect wait as over; never shown: the reconnect goes on in the background. */
class SlowReconnect extends Error {}
