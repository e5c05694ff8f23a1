import type { WalletListing } from './catalog/WalletListing.js'

// The shell's own events, added to the kit's typed event map.
declare module '../kernel/events.js' {
  interface KitEventMap {
    /** A visitor picked a catalogue wallet in AllWallets; the WalletConnect connector pairs with it. */
    'wallet:selected': { wallet: WalletListing }
  }
}

export {}
