import type { ChainNamespace } from '../caip/ChainNamespace.js'
import { NotConnectedError } from '../errors/connection.js'
import type { ConnectionStore } from './ConnectionStore.js'

/** What every namespace's provider offers: the connected address and message signing. */
export interface KitSigningProvider {
  /** The connected account, undefined while disconnected. */
  readonly address: string | undefined
  /** Signs a UTF-8 message; resolves with the namespace's signature encoding. */
  signMessage(message: string): Promise<string>
}

/**
 * A namespace's provider over the connection store: calls go to the wallet connected at call
 * time, so one object serves across reconnects and wallet changes; disconnected, they reject
 * with NotConnectedError.
 */
export function createSigningProvider(store: ConnectionStore, namespace: ChainNamespace): KitSigningProvider {
  return {
    get address() {
      const state = store.accountStates.get(namespace)
      return state?.status === 'connected' ? state.address : undefined
    },
    async signMessage(message) {
      if (store.statusOf(namespace) !== 'connected') throw new NotConnectedError({ namespace })
      return store.signMessage(message, namespace)
    },
  }
}

/** The live adapter of a connected namespace, or NotConnectedError. */
export function connectedAdapter<A>(store: ConnectionStore, namespace: ChainNamespace): A {
  const adapter = store.getAdapter(namespace)
  if (store.statusOf(namespace) !== 'connected' || !adapter) throw new NotConnectedError({ namespace })
  return adapter as A
}
