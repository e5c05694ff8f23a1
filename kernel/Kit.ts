import type { Token } from './token.js'
import type { KitEventListener, KitEventName, Unsubscribe } from './events.js'
import type { FeatureFlags } from './features/defaults.js'
import type { KitOptions } from './KitOptions.js'
import type { OpenArgs } from './views/ModalController.js'
import type { PluginStatus } from './loader/PluginLoader.js'

/**
 * The fields of `kit.getState()`. The kernel's own are here; plugins add theirs by declaration
 * merging and fill them with `ctx.contributeState`, so hooks read typed fields, never casts.
 * A contributed field reads undefined while its plugin is not loaded: declare it optional.
 *
 * @example
 * declare module 'latch/kernel' {
 *   interface KitStateMap { address?: string }
 * }
 * ctx.contributeState('address', () => store.address)
 */
export interface KitStateMap {
  ready: boolean
  features: Readonly<FeatureFlags>
  plugins: Record<string, PluginStatus>
}

/** The kit's state as hosts read it. */
export type KitState = Readonly<KitStateMap>
/** The fields plugins contribute (every field but the kernel's own). */
export type ContributedStateKey = Exclude<keyof KitStateMap, 'ready' | 'features' | 'plugins'>

/** The kit a host gets from `createKit`. */
export interface Kit {
  readonly options: Readonly<KitOptions>
  /** Settles once remote configuration was read and the first plugins loaded (or were skipped). */
  readonly ready: Promise<void>
  /** Opens the modal on the view SPEC §2's opening rules pick (through the shell). */
  open(args?: OpenArgs): Promise<void>
  /** Closes the modal and resets its view stack. */
  close(): void
  /** Goes back one view; with one view left it closes. */
  back(): void
  /** Listens to a kit event; returns the unsubscribe. */
  on<E extends KitEventName>(event: E, listener: KitEventListener<E>): Unsubscribe
  /** The kit's state: each field read live (through a getter) when it is read. */
  getState(): KitState
  /** Re-reads remote configuration and loads or unloads plugins whose feature changed. */
  refreshConfig(): Promise<Readonly<FeatureFlags>>
  /** Calls an RPC method a plugin registered; others are refused. */
  request(method: string, params?: unknown): Promise<unknown>
  /** Resolves a kernel or plugin token. */
  resolve<T>(token: Token<T>): T
  isProvided(token: Token<unknown>): boolean
  /** Unloads every plugin in reverse order and releases everything the kit holds. */
  dispose(): Promise<void>
}
