import type { PluginContext } from '../../kernel/index.js'
import type { CaipNetworkId, ChainNamespace } from '../../chains/caip/ChainNamespace.js'
import type { ConnectionStore } from '../../chains/connection/ConnectionStore.js'
import { parseCaipNetworkId } from '../../chains/caip/parseCaipNetworkId.js'
import { Alerts, AlertStoreToken } from '../../ui-shell/plugin.js'

/** Params of `latch_disconnect`: one namespace, or every connected one. */
interface DisconnectParams {
  namespace?: ChainNamespace
}

/** Params of `latch_switchNetwork`. */
interface SwitchNetworkParams {
  caipNetworkId: CaipNetworkId
}

/**
 * The RPC methods the host API calls (`kit.request`): the registry is the allow-list, so each
 * is a method the host may use and nothing else is reachable.
 * - `latch_disconnect` `{ namespace? }`: disconnects (SPEC §4: within 3 s).
 * - `latch_switchNetwork` `{ caipNetworkId }`: switches the active network; a network the host
 *   did not list rejects with ChainNotSupportedError and raises the 'Network Not Found' alert.
 * - `latch_getAccount`: the active account's `{ address, caipAddress, caipNetworkId, status }`.
 * - `latch_refreshBalance` `{ namespace? }`: re-reads the native balance (the active namespace's by default);
 *   rejects with BalanceUnavailableError 'Token Balance Unavailable' when no RPC URL answers.
 */
export function registerConnectorsRpc(ctx: PluginContext, store: ConnectionStore): void {
  // Developer alerts are the shell's: a kernel-only kit has none to raise.
  const alerts = ctx.isProvided(AlertStoreToken) ? ctx.resolve(AlertStoreToken) : undefined
  ctx.registerRpc('latch_disconnect', async (params) => {
    await store.disconnect((params as DisconnectParams | undefined)?.namespace)
    return null
  })
  ctx.registerRpc('latch_switchNetwork', async (params) => {
    // Checked here: params come from the host page, typed or not.
    const { namespace, reference } = parseCaipNetworkId((params as Partial<SwitchNetworkParams> | undefined)?.caipNetworkId)
    const caipNetworkId = `${namespace}:${reference}` as const
    if (!store.networks.some((network) => network.caipNetworkId === caipNetworkId)) alerts?.raise(Alerts.NetworkNotFound)
    await store.switchNetwork(caipNetworkId)
    return null
  })
  ctx.registerRpc('latch_refreshBalance', async (params) => {
    // Any string is harmless here: a namespace with no live connection reads nothing.
    const namespace = (params as DisconnectParams | undefined)?.namespace ?? store.activeNamespace
    // The host asked for this read: an RPC that fails is its error to see (SPEC §8).
    if (typeof namespace === 'string') await store.refreshBalance(namespace, { throwOnFailure: true, force: true })
    return null
  })
  ctx.registerRpc('latch_getAccount', () => ({
    address: store.address,
    caipAddress: store.caipAddress,
    caipNetworkId: store.activeCaipNetworkId,
    status: store.status,
  }))
}
