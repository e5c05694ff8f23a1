import type UniversalProvider from '@walletconnect/universal-provider'
import type { ChainConnector, ConnectorSource } from '../connectors/ChainConnector.js'
import { DEFAULT_EIP155_METHODS, type WalletConnectOptions } from './WalletConnectOptions.js'
import type { WalletConnectStore } from './WalletConnectStore.js'
import { shouldReusePairing } from './shouldReusePairing.js'

import { WALLET_CONNECT_ID } from './walletConnectId.js'
import { peerWalletOf } from './peerWalletOf.js'
import { reopenChosenWallet } from './reopenChosenWallet.js'

/** The WalletConnect connector plus its pairing store, for the modal's QR view. */
export interface WalletConnectConnector extends ChainConnector {
  type: 'WALLET_CONNECT'
  /** The pairing store, made on first read; readable once `loadPairingStore()` resolved. */
  readonly pairing: WalletConnectStore
  /**
   * Loads the pairing store's code, which needs MobX: a host's first script goes without both
   * (issue 32). The connectors plugin waits for it before it registers the connector.
   */
  loadPairingStore(): Promise<void>
  /**
   * Calls `listener` with the pairing store once it is made, at once if it already is. The store
   * is made on first use: who keeps its state follows it from then, without making it at start.
   *
   * @returns a remover, for a listener not yet called
   */
  onPairingMade(listener: (pairing: WalletConnectStore) => void): () => void
  /** Closes the relay socket, if the provider was ever loaded. The session stays stored. */
  close(): Promise<void>
}

/**
 * The WalletConnect connector (SPEC §3 WALLET_CONNECT). @walletconnect/universal-provider is
 * imported only when a visitor picks it, and talks only to the relay the host names.
 *
 * @param options - project id, relay URL, dapp metadata
 * @returns the connector
 *
 * @example
 * const wc = createWalletConnectConnector({ projectId: 'latch-dev', relayUrl: 'ws://127.0.0.1:5545/relay', metadata })
 */
export function createWalletConnectConnector(options: WalletConnectOptions): WalletConnectConnector {
  // Made on first use (the QR view, a connect): the host builds its connectors while its own
  // script runs, where every millisecond adds to the page's first long task (issue 32).
  let pairingStore: WalletConnectStore | undefined
  let Store: typeof WalletConnectStore | undefined
  let storeLoading: Promise<void> | undefined
  const loadPairingStore = () =>
    (storeLoading ??= import('./WalletConnectStore.js').then((module) => void (Store = module.WalletConnectStore)))
  const pairingListeners = new Set<(pairing: WalletConnectStore) => void>()
  const pairing = () => {
    if (pairingStore) return pairingStore
    if (!Store) throw new Error('The WalletConnect pairing store was read before loadPairingStore() resolved')
    const made = (pairingStore = new Store())
    for (const listener of pairingListeners) listener(made)
    pairingListeners.clear()
    return made
  }
  let loading: Promise<UniversalProvider> | undefined
  let stopReopening: (() => void) | undefined
  const attempt: { pending?: Promise<void> } = {}
  return {
    id: WALLET_CONNECT_ID,
    name: 'WalletConnect',
    type: 'WALLET_CONNECT',
    chain: 'eip155',
    // AppKit 1.7.10's image id for WalletConnect: the catalogue service serves its logo under it.
    imageId: 'ef1a1fcf-7fe8-4d69-bd6d-fda1345b4400',
    get pairing() {
      return pairing()
    },
    loadPairingStore,
    onPairingMade(listener) {
      if (pairingStore) {
        listener(pairingStore)
        return () => {}
      }
      pairingListeners.add(listener)
      return () => void pairingListeners.delete(listener)
    },
    async createAdapter(context) {
      loading ??= Promise.all([import('./loadUniversalProvider.js'), loadPairingStore()])
        .then(([{ loadUniversalProvider }]) => loadUniversalProvider(options))
        .then((provider) => {
          stopReopening = reopenChosenWallet(provider, pairing())
          return provider
        })
      const [provider, { createWalletConnectEip1193 }, { Eip155Adapter }] = await Promise.all([
        loading,
        import('./createWalletConnectEip1193.js'),
        import('../eip155/adapter.js'),
      ])
      const eip1193 = createWalletConnectEip1193({
        provider,
        store: pairing(),
        networks: context.networks,
        rpcUrl: (network) => context.rpcUrls(network)[0] ?? network.rpcUrls.chainDefault?.http[0],
        methods: options.methods ?? DEFAULT_EIP155_METHODS,
        reusePairing: options.reusePairing ?? (() => shouldReusePairing()),
        attempt,
      })
      return new Eip155Adapter(eip1193, context, { peerWallet: () => peerWalletOf(provider) })
    },
    async close() {
      const provider = await loading?.catch(() => undefined)
      stopReopening?.()
      stopReopening = undefined
      await provider?.client.core.relayer.transportClose().catch(() => {})
      loading = undefined
    },
  }
}

/**
 * A connector source registering the WalletConnect connector.
 *
 * @example
 * connectors({ networks, sources: [walletConnect({ projectId, relayUrl, metadata })] })
 */
export function walletConnect(options: WalletConnectOptions): ConnectorSource & { connector: WalletConnectConnector } {
  const connector = createWalletConnectConnector(options)
  return {
    id: WALLET_CONNECT_ID,
    connector,
    prepare: () => connector.loadPairingStore(),
    start(register) {
      const unregister = register(connector)
      return () => {
        unregister()
        void connector.close()
      }
    },
  }
}
