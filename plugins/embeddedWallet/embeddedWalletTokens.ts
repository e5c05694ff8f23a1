import { createToken } from '../../kernel/token.js'
import type { EmbeddedWallet } from './EmbeddedWallet.js'
import type { PasskeyStore } from './PasskeyStore.js'
import type { SmartSessionsStore } from './SmartSessionsStore.js'

/** The kit's embedded wallet, for the plugins that log in through it (email, socials). */
export const EmbeddedWalletToken = createToken<EmbeddedWallet>('EmbeddedWallet')

export { AUTH_CONNECTOR_ID } from '../../chains/connectors/AuthConnector.js'

/** The passkey tasks' state (issue 26): Connect's passkey login, Account's passkey rows and views. */
export const PasskeyStoreToken = createToken<PasskeyStore>('PasskeyStore')

/** Whether the backend's secure site offers passkeys (remote configuration `passkeys: true`); observable. */
export const PasskeysOfferedToken = createToken<() => boolean>('PasskeysOffered')

/** Smart sessions' grants, list and revocation (`smartSessions` feature). */
export const SmartSessionsStoreToken = createToken<SmartSessionsStore>('SmartSessionsStore')
