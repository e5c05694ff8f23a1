import type { DependencyContainer } from 'tsyringe'
import { asInjectionToken, type Token } from '../container.js'
import { PluginTeardownError } from '../errors/plugin.js'
import type { KitError } from '../errors/base.js'
import type { EventBus } from '../events.js'
import type { FeatureStore } from '../features/FeatureStore.js'
import type { HttpClient } from '../http/createHttpClient.js'
import type { ErrorReport } from '../http/createEventReporter.js'
import type { KitStorage } from '../storage/createStorage.js'
import type { ViewRegistry } from '../views/ViewRegistry.js'
import type { RpcRegistry } from '../RpcRegistry.js'
import type { ConnectorRegistry } from '../ConnectorRegistry.js'
import type { Alert } from '../alerts.js'
import type { KitOptions } from '../KitOptions.js'
import type { Kit } from '../Kit.js'
import type { PluginDefinition } from './definePlugin.js'
import type { PluginContext } from './PluginContext.js'
import type { ExportsRegistry } from './ExportsRegistry.js'

/** The kernel services a plugin context draws on. */
export interface KernelServices {
  kit: Kit
  options: Readonly<KitOptions>
  bus: EventBus
  storage: KitStorage
  api: HttpClient | undefined
  blockchain: HttpClient | undefined
  features: FeatureStore
  views: ViewRegistry
  rpc: RpcRegistry
  connectors: ConnectorRegistry
  exports: ExportsRegistry
  state: Map<string, () => unknown>
  reportError(report: ErrorReport): void
  raiseAlert(alert: Alert): void
  reportFailure(id: string, error: KitError): void
}

/** A plugin's context plus the means to undo everything done through it. */
export interface PluginHandle {
  ctx: PluginContext
  container: DependencyContainer
  /** Adds a disposer to the stack. */
  add(dispose: () => void | Promise<void>): void
  /** Runs the disposers in reverse order; safe to call twice. */
  dispose(): Promise<void>
}

/**
 * Builds the context a plugin's setup receives. Once the handle is disposed, anything the
 * plugin still registers (a setup that outlived its deadline) is undone on the spot.
 */
export function createPluginContext(plugin: PluginDefinition, kernel: KernelServices): PluginHandle {
  const container = kernel.exports.container.createChildContainer()
  const controller = new AbortController()
  const disposers: Array<() => void | Promise<void>> = []
  let closed = false

  const add = (dispose: () => void | Promise<void>) => {
    if (!closed) return void disposers.push(dispose)
    // Registered after teardown: undo now so nothing outlives the plugin.
    void Promise.resolve()
      .then(dispose)
      .catch((cause: unknown) => kernel.reportFailure(plugin.id, new PluginTeardownError({ plugin: plugin.id, cause })))
  }

  const ctx: PluginContext = {
    id: plugin.id,
    options: kernel.options,
    kit: kernel.kit,
    container,
    signal: controller.signal,
    storage: kernel.storage,
    api: kernel.api,
    blockchain: kernel.blockchain,
    bus: { emit: (event, payload) => kernel.bus.emit(event, payload) },
    features: () => kernel.features.flags,
    provide(token, value) {
      if (closed) return
      kernel.exports.provide(plugin.id, token, value)
      add(() => kernel.exports.release(plugin.id))
    },
    resolve<T>(token: Token<T>) {
      return container.resolve(asInjectionToken(token))
    },
    isProvided(token) {
      return container.isRegistered(asInjectionToken(token), true)
    },
    registerStore(token, store) {
      ctx.provide(token, store)
      const disposable = store as { dispose?: () => void | Promise<void> }
      if (typeof disposable.dispose === 'function') add(() => disposable.dispose!())
      return store
    },
    registerView(view) {
      add(kernel.views.register(view))
    },
    registerRpc(method, handler) {
      add(kernel.rpc.register(method, handler))
    },
    registerConnector(connector) {
      add(kernel.connectors.register(connector))
    },
    contributeState(key, read) {
      kernel.state.set(key, read)
      add(() => {
        if (kernel.state.get(key) === read) kernel.state.delete(key)
      })
    },
    on(event, listener) {
      const off = kernel.bus.on(event, listener)
      add(off)
      return off
    },
    emit(event, payload) {
      kernel.bus.emit(event, payload)
    },
    onClose: add,
    reportError: kernel.reportError,
    raiseAlert: kernel.raiseAlert,
  }

  return {
    ctx,
    container,
    add,
    async dispose() {
      if (closed) return
      closed = true
      controller.abort()
      while (disposers.length > 0) {
        const dispose = disposers.pop()!
        try {
          await dispose()
        } catch (cause) {
          kernel.reportFailure(plugin.id, new PluginTeardownError({ plugin: plugin.id, cause }))
        }
      }
      container.reset()
    },
  }
}
