import { createToken } from '../../kernel/token.js'
import type { ConnectionStore } from '../../chains/connection/ConnectionStore.js'

/** Resolves the kit's ConnectionStore: `kit.resolve(ConnectionStoreToken)`. */
export const ConnectionStoreToken = createToken<ConnectionStore>('ConnectionStore')
