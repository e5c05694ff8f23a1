import { createToken } from '../../kernel/index.js'
import type { ConnectionStore } from '../../chains/connection/ConnectionStore.js'

/** Resolves the kit's ConnectionStore: `kit.resolve(ConnectionStoreToken)`. */
export const ConnectionStoreToken = createToken<ConnectionStore>('ConnectionStore')
