import type { Injected } from '@polkadot/extension-inject/types'
import type { ConnectionStore } from '../connection/ConnectionStore.js'
import { connectedAdapter, createSigningProvider, type KitSigningProvider } from '../connection/createSigningProvider.js'
import type { PolkadotAdapter } from './adapter.js'

// `kit.getProvider('polkadot')` is typed by this entry (a type-only augmentation of the core's map).
declare module '../../ui-shell/providers/ProviderRegistry.js' {
  interface KitProviderMap {
    polkadot: KitPolkadotProvider
  }
}

/** The kit's polkadot provider: the extension's signer for @polkadot/api, and message signing (hex). */
export interface KitPolkadotProvider extends KitSigningProvider {
  /** The connected extension's signer: `tx.signAndSend(provider.address, { signer })`. */
  getSigner(): Promise<Injected['signer']>
}

export function createKitPolkadotProvider(store: ConnectionStore): KitPolkadotProvider {
  const signing = createSigningProvider(store, 'polkadot')
  return {
    get address() {
      return signing.address
    },
    signMessage: signing.signMessage,
    getSigner: async () => connectedAdapter<PolkadotAdapter>(store, 'polkadot').getSigner(),
  }
}
