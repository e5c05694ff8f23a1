import type { DependencyContainer } from 'tsyringe'
import type { Token } from '../container.js'
import type { EventBus, KitEventListener, KitEventMap, KitEventName, Unsubscribe } from '../events.js'
import type { FeatureFlags } from '../features/defaults.js'
import type { HttpClient } from '../http/createHttpClient.js'
import type { ErrorReport } from '../http/createEventReporter.js'
import type { KitStorage } from '../storage/createStorage.js'
import type { ViewDefinition } from '../views/ViewRegistry.js'
import type { RpcHandler } from '../RpcRegistry.js'
import type { KitConnector } from '../ConnectorRegistry.js'
import type { Alert } from '../alerts.js'
import type { KitOptions } from '../KitOptions.js'
import type { Kit } from '../Kit.js'

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
  /** This plugin's private child container. */
  readonly container: DependencyContainer
  /** Aborted when the plugin unloads: pass it to fetches and timers. */
  readonly signal: AbortSignal
  readonly storage: KitStorage
  /** The catalogue service, when the host configured its URL. */
  readonly api: HttpClient | undefined
  /** The blockchain service, when the host configured its URL. */
  readonly blockchain: HttpClient | undefined
  readonly bus: Pick<EventBus, 'emit'>
  features(): Readonly<FeatureFlags>

  /** Shares a value with other plugins and the host under a token. */
  provide<T>(token: Token<T>, value: T): void
  /** Resolves a token from this plugin, the plugins it follows, or the kernel. */
  resolve<T>(token: Token<T>): T
  isProvided(token: Token<unknown>): boolean

  /** Shares a MobX store; its `dispose()`, if any, runs on unload. */
  registerStore<T extends object>(token: Token<T>, store: T): T
  registerView(view: ViewDefinition): void
  registerRpc(method: string, handler: RpcHandler): void
  registerConnector(connector: KitConnector): void
  /** Adds a field to `kit.getState()`, read through the getter each time. */
  contributeState(key: string, read: () => unknown): void
  on<E extends KitEventName>(event: E, listener: KitEventListener<E>): Unsubscribe
  emit<E extends KitEventName>(event: E, payload: KitEventMap[E]): void
  /** Runs on unload, after everything registered later has been undone. */
  onClose(dispose: () => void | Promise<void>): void
  reportError(report: ErrorReport): void
  raiseAlert(alert: Alert): void
}
