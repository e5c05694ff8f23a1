import type { Token } from '../token.js'
import type { KitEventListener, KitEventMap, KitEventName, Unsubscribe } from '../events.js'
import type { FeatureFlags } from '../features/defaults.js'
import type { KitStorage } from '../storage/createStorage.js'
import type { ViewDefinition, ViewName } from '../views/ViewRegistry.js'
import type { RpcHandler } from '../RpcRegistry.js'
import type { KitOptions } from '../KitOptions.js'
import type { ContributedStateKey, Kit, KitStateMap } from '../Kit.js'

/**
 * Everything a plugin may touch, handed to its setup. Every `register*`, `provide`, `on` and
 * `onClose` is undone when the plugin unloads, in reverse order: a plugin need not keep
 * disposers for what it registered here.
 */
export interface PluginContext {
  readonly id: string
  readonly options: Readonly<KitOptions>
  /** The public kit, for open, close and state. */
  readonly kit: Kit
  /** Aborted when the plugin unloads: pass it to fetches and timers. */
  readonly signal: AbortSignal
  /** Local storage of the keys plugins define (`ctx.storage.define`). */
  readonly storage: KitStorage
  features(): Readonly<FeatureFlags>
  /** Shares a value under a token with the plugins that require this one (all, if `shared`) and the host. */
  provide<T>(token: Token<T>, value: T): void
  /**
   * Resolves a token of the kernel, this plugin, a plugin it requires or a shared plugin.
   * @throws PluginTokenNotRequiredError for another plugin's token, TokenNotProvidedError for none
   */
  resolve<T>(token: Token<T>): T
  isProvided(token: Token<unknown>): boolean
  /** Shares a MobX store; its `dispose()`, if any, runs on unload. */
  registerStore<T extends object>(token: Token<T>, store: T): T
  registerView<V extends ViewName>(view: ViewDefinition<V>): void
  registerRpc(method: string, handler: RpcHandler): void
  /** Fills a field of `kit.getState()` (declared in `KitStateMap`), read through the getter each time. */
  contributeState<K extends ContributedStateKey>(key: K, read: () => KitStateMap[K]): void
  on<E extends KitEventName>(event: E, listener: KitEventListener<E>): Unsubscribe
  emit<E extends KitEventName>(event: E, payload: KitEventMap[E]): void
  /** Runs on unload, after everything registered later has been undone. */
  onClose(dispose: () => void | Promise<void>): void
}
