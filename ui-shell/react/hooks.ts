import { useMemo } from 'react'
import type { OpenArgs } from '../../kernel/index.js'
import '../kitState.js'
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
