// The connection store and its state types.
export { ConnectionStore, CONNECTOR_WAIT_MS, DISCONNECT_TIMEOUT_MS, MAX_RECENT_WALLETS } from './ConnectionStore.js'
export type { Connection, ConnectionStoreDeps, RecentWallet, SwitchClass } from './ConnectionStore.js'
export { DEFAULT_PREFERRED_ACCOUNT_TYPES, emptyAccountState } from './AccountState.js'
export type { AccountState, ConnectedWalletInfo, ConnectionStatus, TokenBalance } from './AccountState.js'
export type { ConnectionEmit, ConnectionEventMap, ConnectionEventName } from './ConnectionEvents.js'
