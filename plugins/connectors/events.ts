import type { ConnectionEventMap } from '../../chains/connection/ConnectionEvents.js'

// The connectors plugin's events join the kit's typed bus.
declare module '../../kernel/events.js' {
  interface KitEventMap extends ConnectionEventMap {}
}

export type { ConnectionEventMap }
