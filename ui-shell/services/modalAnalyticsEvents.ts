import type { KitState } from '../../kernel/index.js'
import '../kitState.js'

/**
 * How one kit bus event becomes an analytics event. A plugin adds its own with
 * `trackBusEvents(ctx, ctx.resolve(EventReporterToken), [...])`.
 */
export interface AnalyticsMapping {
  /** The bus event (a `KitEventMap` key), e.g. 'modal:opened'. */
  on: string
  /** The analytics event's name, as AppKit 1.7.10 names it where it has one. */
  event: string
  /**
   * The event's properties, from the bus payload and the kit's state when it fired; `false`
   * skips this occurrence. Payloads are untyped here: the core cannot name the types of events
   * plugins declare.
   */
  properties?(payload: any, state: KitState): Record<string, unknown> | false
}

/** AppKit's connect `method`: how the visitor reached the wallet. */
const methodOf = (connectorType: string | undefined) =>
  connectorType === 'WALLET_CONNECT' ? 'qrcode' : connectorType === 'AUTH' ? 'email' : 'browser'

/**
 * The modal's analytics events (SPEC §6/§7), named and shaped as AppKit 1.7.10 posts them:
 * open and close with whether a wallet is connected, connect success and error with the
 * connector type, network switch, disconnect. Connections restored at start-up are not
 * connects the visitor made, so they are not reported. One set per kit: it remembers the last
 * network it reported.
 *
 * @returns the mappings for `trackBusEvents`
 * @example
 * trackBusEvents(ctx, reporter, modalAnalyticsEvents())
 */
export function modalAnalyticsEvents(): AnalyticsMapping[] {
  // A switch the wallet confirms with its own chainChanged arrives as two network:changed
  // facts for one switch (the store's and the adapter's); AppKit reports a switch once.
  let reportedNetwork: string | undefined
  return [
    { on: 'modal:opened', event: 'MODAL_OPEN', properties: (_payload, state) => ({ connected: Boolean(state.address) }) },
    { on: 'modal:closed', event: 'MODAL_CLOSE', properties: (_payload, state) => ({ connected: Boolean(state.address) }) },
    {
      on: 'wallet:connected',
      event: 'CONNECT_SUCCESS',
      properties: (payload: { restored?: boolean; connectorId?: string; namespace?: string }, state) => {
        if (payload.restored) return false
        // The connectors plugin fills walletInfo before it emits wallet:connected.
        const wallet = state.walletInfo
        return { method: methodOf(wallet?.type), name: wallet?.name ?? payload.connectorId ?? 'Unknown', connectorType: wallet?.type, namespace: payload.namespace }
      },
    },
    {
      on: 'connect:failed',
      event: 'CONNECT_ERROR',
      properties: (payload: { connectorId?: string; connectorType?: string; error?: { shortMessage?: string; code?: string } }) => ({
        message: payload.error?.shortMessage ?? 'Unknown',
        code: payload.error?.code,
        connectorId: payload.connectorId,
        connectorType: payload.connectorType,
      }),
    },
    {
      on: 'network:changed',
      event: 'SWITCH_NETWORK',
      properties: (payload: { caipNetworkId?: string }) => {
        if (payload.caipNetworkId === reportedNetwork) return false
        reportedNetwork = payload.caipNetworkId
        return { network: payload.caipNetworkId }
      },
    },
    { on: 'wallet:disconnected', event: 'DISCONNECT_SUCCESS', properties: (payload: { namespace?: string }) => ({ namespace: payload.namespace ?? 'all' }) },
  ]
}
