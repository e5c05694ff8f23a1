import { createToken } from '../../kernel/index.js'
import type { ConnectWalletsStore } from './ConnectWalletsStore.js'
import type { LegalConsentStore } from './LegalConsentStore.js'
import type { WalletConnectPairingStore } from './WalletConnectPairingStore.js'

/** The Connect view's wallet list and method order. */
export const ConnectWalletsStoreToken = createToken<ConnectWalletsStore>('ConnectWalletsStore')
/** The legal checkbox of the Connect view. */
export const LegalConsentStoreToken = createToken<LegalConsentStore>('LegalConsentStore')
/** The WalletConnect pairing as the QR views show it. */
export const WalletConnectPairingStoreToken = createToken<WalletConnectPairingStore>('WalletConnectPairingStore')
