import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import type { OpenArgs } from '../../kernel/index.js'
import '../kitState.js'
import type { KitProviderMap, ProviderNamespace } from '../providers/ProviderRegistry.js'
import { ProviderRegistryToken } from '../providers/providerRegistryToken.js'
import { onLatchEvent, type LatchEvent } from '../hostApi/hostEvents.js'
import { readAccount, readBalance, readModal, readNetwork, readWalletInfo } from '../hostApi/readState.js'
import { useKit } from './KitContext.js'
import { useKitState } from './useKitState.js'
import { watchKit } from './watchKit.js'

// Each hook reads what its kit method reads (`kit.getAccount` ↔ `useLatchAccount`, ...): the
// `read*` functions of hostApi/readState.ts over `kit.getState()`, re-rendering on change only.

/** Opens and closes the modal. */
export function useLatchModal() {
  const kit = useKit()
  const isOpen = useKitState((state) => state.open ?? false)
  return useMemo(
    () => ({ isOpen, open: (args?: OpenArgs) => kit.open(args), close: () => kit.close() }),
    [kit, isOpen],
  )
}

/**
 * A namespace's account (the active namespace's by default): address, CAIP-10 id, every account
 * the wallet granted, status. Its balance: `useLatchBalance()`.
 */
export function useLatchAccount(options: { namespace?: string } = {}) {
  const { namespace } = options
  return useKitState((state) => readAccount(state, namespace))
}

/** The active network, and `switchNetwork` to another the host listed (CAIP-2 id). */
export function useLatchNetwork() {
  const kit = useKit()
  const network = useKitState(readNetwork)
  const switchNetwork = useCallback(
    async (caipNetworkId: string) => void (await kit.request('latch_switchNetwork', { caipNetworkId })),
    [kit],
  )
  return { ...network, switchNetwork }
}

/** The modal's state: open, the view, loading (starting or connecting), the active namespace. */
export function useLatchState() {
  return useKitState(readModal)
}

/** The connected wallet's name, icon, type and rdns; undefined while disconnected. */
export function useLatchWalletInfo() {
  return useKitState(readWalletInfo)
}

/** The active account's balance (SPEC §5: floored to 3 decimals) and `fetchBalance` to re-read it. */
export function useLatchBalance() {
  const kit = useKit()
  const balance = useKitState(readBalance)
  const fetchBalance = useCallback(async () => void (await kit.request('latch_refreshBalance')), [kit])
  return { ...balance, fetchBalance }
}

/** The latest host event (open, close, connect, network...), with its time; undefined before the first. */
export function useLatchEvents(): LatchEvent | undefined {
  const kit = useKit()
  const [latest, setLatest] = useState<LatchEvent | undefined>(undefined)
  useEffect(() => onLatchEvent(kit, setLatest), [kit])
  return latest
}

/**
 * Disconnects one namespace (`disconnect({ namespace: 'solana' })`) or every connected one,
 * through the connectors plugin's `latch_disconnect` RPC method; resolves within SPEC §9's 3 s.
 */
export function useLatchDisconnect() {
  const kit = useKit()
  return useMemo(
    () => ({
      disconnect: async (options: { namespace?: string } = {}) =>
        void (await kit.request('latch_disconnect', options.namespace ? { namespace: options.namespace } : undefined)),
    }),
    [kit],
  )
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
  // The registry arrives with the shell: watchKit reads and tracks again once the kit is ready.
  const subscribe = useCallback((notify: () => void) => watchKit(kit, read, notify), [kit, read])
  // Server rendering and hydration see no provider, so both render the same markup.
  return useSyncExternalStore(subscribe, read, () => undefined)
}
