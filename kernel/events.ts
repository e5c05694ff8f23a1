import EventEmitter from 'eventemitter3'
import type { KitError } from './errors/base.js'
import type { FeatureFlags } from './features/defaults.js'

/**
 * Every event the kit emits, name to payload. Events state facts that already happened.
 * The shell and plugins add theirs by declaration merging (see plugins/connectors/events.ts).
 */
export interface KitEventMap {
  'kit:ready': { plugins: string[] }
  'kit:warned': { message: string }
  'kit:disposed': Record<string, never>
  'plugin:loaded': { id: string }
  'plugin:unloaded': { id: string }
  'plugin:failed': { id: string; error: KitError }
  'plugin:skipped': { id: string; reason: 'feature-off' | 'dependency-unavailable' }
  'features:changed': { features: FeatureFlags; source: 'local' | 'remote' }
}

export type KitEventName = keyof KitEventMap
export type KitEventListener<E extends KitEventName> = (payload: KitEventMap[E]) => void
export type Unsubscribe = () => void

/** The typed event bus of one kit, as plugins and hosts reach it. `on` returns its own unsubscribe. */
export interface EventBus {
  on<E extends KitEventName>(event: E, listener: KitEventListener<E>): Unsubscribe
  emit<E extends KitEventName>(event: E, payload: KitEventMap[E]): void
  listenerCount(): number // across all events: what the dispose tests read
}
export type OwnedEventBus = EventBus & { clear(): void } // the kernel's own: only it drops every listener

/**
 * Creates an event bus on eventemitter3. A listener that throws is isolated:
 * it is reported through `onListenerError` and the other listeners still run.
 */
export function createEventBus(onListenerError: (error: unknown) => void = console.error): OwnedEventBus {
  const emitter = new EventEmitter()
  const guard =
    <T>(listener: (payload: T) => void) =>
    (payload: T) => {
      try {
        listener(payload)
      } catch (error) {
        onListenerError(error)
      }
    }
  return {
    on(event, listener) {
      const wrapped = guard(listener)
      emitter.on(event, wrapped)
      return () => void emitter.off(event, wrapped)
    },
    emit(event, payload) {
      emitter.emit(event, payload)
    },
    listenerCount() {
      return emitter.eventNames().reduce((sum, name) => sum + emitter.listenerCount(name), 0)
    },
    clear() {
      emitter.removeAllListeners()
    },
  }
}
