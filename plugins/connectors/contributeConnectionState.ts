import type { PluginContext } from '../../kernel/index.js'
import type { ConnectionStore } from '../../chains/connection/ConnectionStore.js'
import type { Network } from '../../chains/networks/Network.js'
import type { KitNetwork, NamespaceAccount } from '../../ui-shell/plugin.js'

const toKitNetwork = ({ caipNetworkId, chainNamespace, id, name, nativeCurrency, testnet }: Network): KitNetwork => ({
  caipNetworkId,
  chainNamespace,
  id,
  name,
  nativeCurrency,
  ...(testnet === undefined ? {} : { testnet }),
})

/**
 * The kit state the host API reads (`kit.getState()`, the hooks), each field derived from the
 * connection store when it is read.
 */
export function contributeConnectionState(ctx: PluginContext, store: ConnectionStore, networks: readonly Network[]): void {
  ctx.contributeState('address', () => store.address)
  ctx.contributeState('caipAddress', () => store.caipAddress)
  ctx.contributeState('caipNetworkId', () => store.activeCaipNetworkId)
  ctx.contributeState('caipNetwork', () => (store.activeNetwork ? toKitNetwork(store.activeNetwork) : undefined))
  ctx.contributeState('networkName', () => store.activeNetwork?.name)
  ctx.contributeState('activeNamespace', () => store.activeNamespace)
  ctx.contributeState('connectedNamespaces', () => store.connectedNamespaces)
  ctx.contributeState('status', () => store.status)
  ctx.contributeState('accounts', () => {
    const accounts: Record<string, NamespaceAccount> = {}
    for (const [namespace, state] of store.accountStates)
      accounts[namespace] = {
        address: state.address,
        caipAddress: state.caipAddress,
        status: state.status,
        allAccounts: state.allAccounts.map(({ address, type }) => ({ address, type })),
        ...(state.status === 'connected' ? { smartAccountDeployed: state.smartAccountDeployed } : {}),
        ...(Object.keys(state.addressLabels).length > 0 ? { addressLabels: { ...state.addressLabels } } : {}),
        ...(state.farcasterUrl ? { farcasterUrl: state.farcasterUrl } : {}),
      }
    return accounts
  })
  ctx.contributeState('walletInfo', () => {
    const info = store.activeAccountState?.status === 'connected' ? store.activeAccountState.connectedWalletInfo : undefined
    return info && { ...info }
  })
  const firstNetworkOf: Record<string, string> = {}
  for (const network of networks) firstNetworkOf[network.chainNamespace] ??= network.caipNetworkId
  ctx.contributeState('defaultNetworkByNamespace', () => firstNetworkOf)
}
