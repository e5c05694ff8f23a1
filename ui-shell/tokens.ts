import { createToken } from '../kernel/index.js'
import type { SnackbarStore } from './stores/SnackbarStore.js'
import type { WalletCatalogStore } from './catalog/WalletCatalogStore.js'
import type { ConnectFlowStore } from './connect/ConnectFlowStore.js'

/** The snackbar: plugins show loading, success and error messages through it. */
export const SnackbarStoreToken = createToken<SnackbarStore>('SnackbarStore')
/** The wallet catalogue behind AllWallets. */
export const WalletCatalogStoreToken = createToken<WalletCatalogStore>('WalletCatalogStore')
/** The modal's current connection attempt. */
export const ConnectFlowStoreToken = createToken<ConnectFlowStore>('ConnectFlowStore')
