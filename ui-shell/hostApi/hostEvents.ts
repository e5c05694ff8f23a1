import type { Kit, KitEventName } from '../../kernel/index.js'

/** The kit events the host API reports (`useLatchEvents`, `onLatchEvent`). */
export const HOST_EVENTS = [
  'kit:ready',
  'modal:opened',
  'modal:closed',
  'view:changed',
  'wallet:connected',
  'connect:failed',
  'wallet:disconnected',
  'wallet:accountChanged',
  'network:changed',
  'features:changed',
] as const
export type HostEventName = (typeof HOST_EVENTS)[number]

/** One event as the host sees it. */
export interface LatchEvent {
  name: HostEventName
  payload: unknown
  timestamp: number
}

/**
 * Calls `listener` with every host event; returns the unsubscribe. The wallet and network events
 * are declared by the connectors plugin, which the core cannot name in its types: listened to
 * by name, with the payload untyped.
 */
export function onLatchEvent(kit: Kit, listener: (event: LatchEvent) => void): () => void {
  const stops = HOST_EVENTS.map((name) =>
    kit.on(name as KitEventName, (payload: unknown) => listener({ name, payload, timestamp: Date.now() })),
  )
  return () => {
    for (const stop of stops) stop()
  }
}
