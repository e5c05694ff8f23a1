import { createToken } from '../../kernel/index.js'
import type { EmbeddedWallet } from './EmbeddedWallet.js'

/** The kit's embedded wallet, for the plugins that log in through it (email, socials). */
export const EmbeddedWalletToken = createToken<EmbeddedWallet>('EmbeddedWallet')

/** SPEC §3: the AUTH connector's id, as AppKit names it. */
export const AUTH_CONNECTOR_ID = 'ID_AUTH'
