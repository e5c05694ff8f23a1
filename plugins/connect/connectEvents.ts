import type { KitError } from '../../kernel/index.js'

/** A connect attempt the visitor started in the modal failed (SPEC §8: 'Connection rejected', 'Modal closed', ...). */
export interface ConnectFailedEvent {
  connectorId: string
  /** The connector's type (SPEC §3: INJECTED, ANNOUNCED, WALLET_CONNECT, ...), when it is still registered. */
  connectorType: string | undefined
  error: KitError
}

// The connect plugin's event joins the kit's typed bus; the core's analytics report it as CONNECT_ERROR.
declare module '../../kernel/events.js' {
  interface KitEventMap {
    'connect:failed': ConnectFailedEvent
  }
}
