import { useMemo } from 'react'
import type { OpenArgs } from '../../kernel/index.js'
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
    address: state.address as string | undefined,
    caipAddress: state.caipAddress as string | undefined,
    isConnected: Boolean(state.address),
    status: (state.status as string | undefined) ?? 'disconnected',
    balance: state.balance as string | undefined,
    balanceSymbol: state.balanceSymbol as string | undefined,
  }))
}

/** The active network, as the connectors plugin reports it. */
export function useLatchNetwork() {
  return useKitState((state) => ({
    caipNetworkId: state.caipNetworkId as string | undefined,
    networkName: state.networkName as string | undefined,
  }))
}

/** Disconnects every namespace through the connectors plugin's RPC method. */
export function useLatchDisconnect() {
  const kit = useKit()
  return useMemo(() => ({ disconnect: () => kit.request('latch_disconnect') }), [kit])
}
