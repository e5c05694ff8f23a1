import { reaction } from 'mobx'
import { useCallback, useMemo, useSyncExternalStore } from 'react'
import type { OpenArgs } from '../../kernel/index.js'
import '../kitState.js'
import { ProviderRegistryToken, type KitProviderMap, type ProviderNamespace } from '../providers/ProviderRegistry.js'
import { useKit } from './KitContext.js'
import { useKitState } from './useKitState.js'

/** Opens and closes the modal. */
export function useLatchModal() {
  const kit = useKit()
  const isOpen = useKitState((state) => state.open)
  return useMemo(
    () => ({ isOpen, open: (args?: OpenArgs) => kit.open(args), close: () => kit.close() }),
    [kit, isOpen],
  )
}

/** The connected account, as the connectors plugin reports it (undefined fields when none). */
export function useLatchAccount() {
  return useKitState((state) => ({
    address: state.address,
    caipAddress: state.caipAddress,
    isConnected: Boolean(state.address),
    status: state.status ?? 'disconnected',
    balance: state.balance,
    balanceSymbol: state.balanceSymbol,
  }))
}

/** The active network, as the connectors plugin reports it. */
export function useLatchNetwork() {
  return useKitState((state) => ({
    caipNetworkId: state.caipNetworkId,
    networkName: state.networkName,
  }))
}

/**
 * Disconnects every namespace through the connectors plugin's `latch_disconnect` RPC method;
 * resolves within SPEC §9's 3 s.
 */
export function useLatchDisconnect() {
  const kit = useKit()
  return useMemo(() => ({ disconnect: async () => void (await kit.request('latch_disconnect')) }), [kit])
}

/**
 * The provider of a namespace's active connection, for the host's own signing (for eip155 an
 * EIP-1193 provider: `createWalletClient({ transport: custom(provider) })`). Undefined until
 * a plugin offers that namespace; the same object afterwards, whatever wallet connects.
 */
export function useLatchProvider<N extends ProviderNamespace>(namespace: N): KitProviderMap[N] | undefined {
  const kit = useKit()
  const read = useCallback(
    () => (kit.isProvided(ProviderRegistryToken) ? kit.resolve(ProviderRegistryToken).get(namespace) : undefined),
    [kit, namespace],
  )
  const subscribe = useCallback((notify: () => void) => {
    const stopReaction = reaction(read, notify)
    // The registry arrives with the shell: read again once the kit is ready.
    const stopReady = kit.on('kit:ready', notify)
    return () => (stopReaction(), stopReady())
  }, [kit, read])
  return useSyncExternalStore(subscribe, read, read)
}
