import { runInAction, type ObservableMap } from 'mobx'
import type { Token } from '../token.js'
import type { DependencyContainer } from 'tsyringe'
import { PluginTeardownError } from '../errors/plugin.js'
import { TokenNotProvidedError } from '../errors/kit.js'
import type { KitError } from '../errors/base.js'
import type { EventBus } from '../events.js'
import type { FeatureStore } from '../features/FeatureStore.js'
import type { KitStorage } from '../storage/createStorage.js'
import type { ViewRegistry } from '../views/ViewRegistry.js'
import type { RpcRegistry } from '../RpcRegistry.js'
import type { KitOptions } from '../KitOptions.js'
import type { Kit } from '../Kit.js'
import type { PluginDefinition } from './definePlugin.js'
import type { PluginContext } from './PluginContext.js'
import type { ExportsRegistry } from './ExportsRegistry.js'

/** The kernel services a plugin context draws on. */
export interface KernelServices {
  kit: Kit
  options: Readonly<KitOptions>
  container: DependencyContainer
  bus: EventBus
  storage: KitStorage
  features: FeatureStore
  views: ViewRegistry
  rpc: RpcRegistry
  exports: ExportsRegistry
  state: ObservableMap<string, () => unknown>
  /** Every plugin's `requires`, to work out what each may see. */
  requiresOf(id: string): readonly string[]
  reportFailure(id: string, error: KitError): void
}

/** A plugin's context plus the means to undo everything done through it. */
export interface PluginHandle {
  ctx: PluginContext
  /** Adds a disposer to the stack. */
  add(dispose: () => void | Promise<void>): void
  /** Runs the disposers in reverse order; resolves with the failures. Safe to call twice. */
  dispose(): Promise<PluginTeardownError[]>
}

/** The plugins `id` requires, directly or through them. */
function requiredClosure(id: string, requiresOf: (id: string) => readonly string[]): Set<string> {
  const seen = new Set<string>()
  const visit = (next: string) => {
    for (const dependency of requiresOf(next)) if (!seen.has(dependency)) seen.add(dependency) && visit(dependency)
  }
  visit(id)
  return seen
}

/**
 * Builds the context a plugin's setup receives. Once the handle is disposed, anything the
 * plugin still registers (a setup that outlived its deadline) is undone on the spot.
 */
export function createPluginContext(plugin: PluginDefinition, kernel: KernelServices): PluginHandle {
  const controller = new AbortController()
  const disposers: Array<() => void | Promise<void>> = []
  const viewer = { id: plugin.id, visible: requiredClosure(plugin.id, kernel.requiresOf) }
  let closed = false
  const add = (dispose: () => void | Promise<void>) => {
    if (!closed) return void disposers.push(dispose)
    // Registered after teardown: undo now so nothing outlives the plugin.
    void Promise.resolve()
      .then(dispose)
      .catch((cause: unknown) => kernel.reportFailure(plugin.id, new PluginTeardownError({ plugin: plugin.id, cause })))
  }
  const lookup = (token: symbol) => kernel.exports.resolve(token, kernel.container, viewer)
  const ctx: PluginContext = {
    id: plugin.id,
    options: kernel.options,
    kit: kernel.kit,
    signal: controller.signal,
    storage: kernel.storage,
    features: () => kernel.features.flags,
    provide(token, value) {
      if (!closed) add(kernel.exports.provide(plugin.id, token, value, plugin.shared === true))
    },
    resolve<T>(token: Token<T>) {
      const found = lookup(token)
      if (!found) throw new TokenNotProvidedError({ token, plugin: plugin.id })
      return found.value as T
    },
    isProvided(token) {
      try {
        return lookup(token) !== undefined
      } catch {
        return false
      }
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
    contributeState(key, read) {
      runInAction(() => kernel.state.set(key, read))
      add(() => void runInAction(() => kernel.state.get(key) === read && kernel.state.delete(key)))
    },
    on(event, listener) {
      const off = kernel.bus.on(event, listener)
      add(off)
      return off
    },
    emit: (event, payload) => kernel.bus.emit(event, payload),
    onClose: add,
  }
  return {
    ctx,
    add,
    async dispose() {
      if (closed) return []
      closed = true
      controller.abort()
      const failures: PluginTeardownError[] = []
      while (disposers.length > 0) {
        try {
          await disposers.pop()!()
        } catch (cause) {
          const error = new PluginTeardownError({ plugin: plugin.id, cause })
          failures.push(error)
          kernel.reportFailure(plugin.id, error)
        }
      }
      return failures
    },
  }
}
