import type { ConnectionStore } from '../connection/ConnectionStore.js'
import { createSigningProvider, type KitSigningProvider } from '../connection/createSigningProvider.js'

// `kit.getProvider('bip122')` is typed by this entry (a type-only augmentation of the core's map).
declare module '../../ui-shell/providers/ProviderRegistry.js' {
  interface KitProviderMap {
    bip122: KitBitcoinProvider
  }
}

/**
 * The kit's bip122 provider: the payment address and message signing (base64, BIP-322 or legacy
 * as the wallet signs). Transfers are not offered: no wallet the kit speaks to here exposes one.
 */
export type KitBitcoinProvider = KitSigningProvider

export function createKitBitcoinProvider(store: ConnectionStore): KitBitcoinProvider {
  return createSigningProvider(store, 'bip122')
}
