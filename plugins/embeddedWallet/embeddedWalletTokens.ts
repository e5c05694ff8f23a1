import { createToken } from '../../kernel/index.js'
import type { EmbeddedWallet } from './EmbeddedWallet.js'

/** The kit's embedded wallet, for the plugins that log in through it (email, socials). */
export const EmbeddedWalletToken = createToken<EmbeddedWallet>('EmbeddedWallet')

export { AUTH_CONNECTOR_ID } from '../../chains/connectors/AuthConnector.js'
