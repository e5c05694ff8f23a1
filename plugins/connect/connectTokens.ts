import { createToken } from '../../kernel/token.js'
import type { WalletCatalogStore } from './catalog/WalletCatalogStore.js'
import type { ConnectFlowStore } from './stores/ConnectFlowStore.js'
import type { ConnectWalletsStore } from './stores/ConnectWalletsStore.js'
import type { LegalConsentStore } from './stores/LegalConsentStore.js'
import type { WalletConnectPairingStore } from './stores/WalletConnectPairingStore.js'

/** The modal's current connection attempt: pick a connector or a catalogue wallet through it. */
export const ConnectFlowStoreToken = createToken<ConnectFlowStore>('ConnectFlowStore')
/** The wallet catalogue behind AllWallets; provided only when the host configured `apiUrl`. */
export const WalletCatalogStoreToken = createToken<WalletCatalogStore>('WalletCatalogStore')
/** The Connect view's wallet list and method order. */
export const ConnectWalletsStoreToken = createToken<ConnectWalletsStore>('ConnectWalletsStore')
/** The legal checkbox of the Connect view. */
export const LegalConsentStoreToken = createToken<LegalConsentStore>('LegalConsentStore')
/** The WalletConnect pairing as the QR views show it. */
export const WalletConnectPairingStoreToken = createToken<WalletConnectPairingStore>('WalletConnectPairingStore')
