import type { WalletListing } from './catalog/WalletListing.js'
import type { WalletSection } from './stores/buildWalletList.js'

// The host options the connect views read, added to the kernel's `KitOptions`.
declare module '../../kernel/KitOptions.js' {
  interface KitOptions {
    /** Catalogue ids shown in the featured section, in this order. */
    featuredWalletIds?: string[]
    /** The host's own wallets, shown in the custom section. */
    customWallets?: WalletListing[]
    /** Catalogue and connector ids never to show (SPEC §5). */
    excludeWalletIds?: string[]
    /** Shown by the legal checkbox (http(s) only). */
    termsConditionsUrl?: string
    privacyPolicyUrl?: string
    /** Custom wallet-link schemes (e.g. 'metamask') allowed besides http(s). */
    walletSchemes?: string[]
    /**
     * WalletConnect in manual mode: opening the modal disconnected shows the pairing QR code
     * (ConnectingWalletConnectBasic) on desktop and AllWallets on mobile (SPEC §2 rule 2).
     */
    manualWCControl?: boolean
  }
}

// The host's orders for the Connect view, read from `features` (SPEC §2).
declare module '../../kernel/features/defaults.js' {
  interface FeatureFlags {
    /** The connect methods' order by id ('wallet', 'email', 'social', ...); others follow. */
    connectMethodsOrder?: readonly string[]
    /** The wallet list's sections, in this order; sections left out are not shown. */
    connectorTypeOrder?: readonly WalletSection[]
  }
}

export {}
