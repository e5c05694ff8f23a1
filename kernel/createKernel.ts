import { observable, runInAction } from 'mobx'
import { asInjectionToken, createKitContainer } from './container.js'
import { EventBusToken, FeatureStoreToken, ModalControllerToken, ViewRegistryToken, type Token } from './token.js'
import { KitDisposedError, KitDisposeError, TokenNotProvidedError } from './errors/kit.js'
import type { KitError } from './errors/base.js'
import { createEventBus, type EventBus } from './events.js'
import { FeatureStore } from './features/FeatureStore.js'
import { resolveFeatures } from './features/resolveFeatures.js'
import type { FeatureFlags } from './features/defaults.js'
import type { Kit, KitState } from './Kit.js'
import type { KitOptions } from './KitOptions.js'
import type { ModalController } from './views/ModalController.js'
import { createPluginContext, type KernelServices } from './loader/createPluginContext.js'
import type { PluginDefinition } from './loader/definePlugin.js'
import { ExportsRegistry } from './loader/ExportsRegistry.js'
import { orderPlugins } from './loader/orderPlugins.js'
import { PluginLoader } from './loader/PluginLoader.js'
import { RpcRegistry } from './RpcRegistry.js'
import { createStorage } from './storage/createStorage.js'
import { ViewRegistry } from './views/ViewRegistry.js'

/** Default deadline for a plugin's setup. */
export const DEFAULT_PLUGIN_SETUP_TIMEOUT_MS = 10_000

/** What the layer above the kernel (the core entry) plugs in: feature defaults and remote flags. */
export interface KernelHooks {
  /** Flags under the host's own; a flag nobody set is on. */
  defaultFeatures?: Readonly<Partial<FeatureFlags>>
  /** The flags remote configuration manages ('Local configuration ignored' when the host set one). */
  remoteFeatureKeys?: readonly string[]
  /** Reads remote flags at start and on `refreshConfig`; undefined keeps the local ones. */
  loadRemoteFeatures?(): Promise<Partial<FeatureFlags> | undefined>
  /** Told of every plugin failure, after the kernel's own warning. */
  onPluginFailure?(id: string, error: KitError): void
}

/**
 * Creates a kernel: its own container, bus and stores, and the plugins given, loaded in
 * dependency order as their features allow. Hosts call `createKit` from 'latch', which adds
 * the modal shell and the services; connector authors and headless tests call this.
 *
 * @param options - feature flags, storage, plugin deadline; plugins read their own fields
 * @param plugins - plugin definitions; see `definePlugin`
 * @param hooks - feature defaults and remote configuration
 * @returns the kit; `kit.ready` settles when the first plugins have loaded
 * @throws PluginMissingDependencyError, PluginCycleError, or what a plugin's `checkOptions` throws
 */
export function createKernel(options: KitOptions = {}, plugins: readonly PluginDefinition[] = [], hooks: KernelHooks = {}): Kit {
  const ordered = orderPlugins(plugins)
  for (const plugin of ordered) plugin.checkOptions?.(options)

  const container = createKitContainer()
  const exportsRegistry = new ExportsRegistry()
  const bus = createEventBus((error) => console.error('[latch] an event listener threw', error))
  const onStorageError = (error: unknown, key: string) => options.debug === true && console.warn(`[latch] storage: ${key}`, error)
  const storage = createStorage({ backend: options.storage, prefix: options.storagePrefix, onError: onStorageError })
  const featureSources = { defaults: hooks.defaultFeatures, local: options.features, remoteKeys: hooks.remoteFeatureKeys }
  const features = new FeatureStore(resolveFeatures(featureSources).features)
  const views = new ViewRegistry()
  const rpc = new RpcRegistry()
  // Observable, so a reaction over `getState()` sees fields that plugins contribute later.
  const stateFields = observable.map<string, () => unknown>({}, { deep: false })
  const byId = new Map(ordered.map((plugin) => [plugin.id, plugin]))
  const kernelFields = Object.entries({ ready: () => isReady.get(), features: () => features.flags, plugins: () => Object.fromEntries(loader.status) })

  const reportFailure = (id: string, error: KitError) => {
    console.warn(`[latch] plugin "${id}": ${error.shortMessage}`)
    hooks.onPluginFailure?.(id, error)
  }

  let disposed = false
  const assertLive = () => {
    if (disposed) throw new KitDisposedError()
  }
  const controller = (): ModalController | undefined =>
    exportsRegistry.lookup(ModalControllerToken)?.value as ModalController | undefined
  const lookup = (token: symbol) => exportsRegistry.resolve(token, container)

  const kit: Kit = {
    options,
    ready: Promise.resolve(),
    open(args = {}) {
      if (disposed) return Promise.reject(new KitDisposedError())
      // Once ready, open within the caller's task: a click's own update, which React renders
      // before the next frame (an await here would defer it to a later task).
      if (isReady.get()) return Promise.resolve(controller()?.open(args))
      return kit.ready.then(() => (disposed ? undefined : controller()?.open(args)))
    },
    close() {
      controller()?.close()
    },
    back() {
      controller()?.back()
    },
    on(event, listener) {
      assertLive()
      return bus.on(event, listener)
    },
    getState(): KitState {
      // Each field is read when it is read, so a reaction over a selection tracks that selection only.
      const state = {}
      for (const [key, read] of [...kernelFields, ...stateFields])
        Object.defineProperty(state, key, { get: read, enumerable: true })
      return state as KitState
    },
    async refreshConfig() {
      assertLive()
      await kit.ready
      await applyFeatures(await fetchRemoteFeatures())
      return features.flags
    },
    request(method, params) {
      assertLive()
      return rpc.call(method, params)
    },
    resolve<T>(token: Token<T>): T {
      const found = lookup(token)
      if (!found) throw new TokenNotProvidedError({ token })
      return found.value as T
    },
    isProvided(token) {
      return lookup(token) !== undefined
    },
    dispose() {
      if (disposing) return disposing
      disposed = true
      disposing = (async () => {
        await kit.ready
        const failures = await loader.unloadAll()
        exportsRegistry.clear()
        container.reset()
        bus.emit('kit:disposed', {})
        bus.clear()
        if (failures.length > 0) throw new KitDisposeError(failures)
      })()
      return disposing
    },
  }
  let disposing: Promise<void> | undefined

  const services: KernelServices = {
    kit,
    options,
    container,
    bus,
    storage,
    features,
    views,
    rpc,
    exports: exportsRegistry,
    state: stateFields,
    requiresOf: (id) => byId.get(id)?.requires ?? [],
    reportFailure,
  }
  const sharedBus: EventBus = { on: bus.on, emit: bus.emit, listenerCount: bus.listenerCount } // no clear() outside
  for (const [token, value] of [[EventBusToken, sharedBus], [FeatureStoreToken, features], [ViewRegistryToken, views]] as const)
    container.register(asInjectionToken(token as Token<unknown>), { useValue: value })

  const loader = new PluginLoader({
    plugins: ordered,
    bus,
    createHandle: (plugin) => createPluginContext(plugin, services),
    reportFailure,
    setupTimeoutMs: options.pluginSetupTimeoutMs ?? DEFAULT_PLUGIN_SETUP_TIMEOUT_MS,
  })
  const fetchRemoteFeatures = () => hooks.loadRemoteFeatures?.() ?? Promise.resolve(undefined)

  const applyFeatures = async (remote: Partial<FeatureFlags> | undefined) => {
    const resolved = resolveFeatures({ ...featureSources, remote })
    if (resolved.warning) {
      console.warn(`[latch] ${resolved.warning}`)
      bus.emit('kit:warned', { message: resolved.warning })
    }
    features.set(resolved.features)
    bus.emit('features:changed', { features: resolved.features, source: remote ? 'remote' : 'local' })
    await loader.sync(resolved.features)
  }

  const isReady = observable.box(false) // observable: hooks over getState() see the kit become ready
  const ready = (async () => {
    await applyFeatures(await fetchRemoteFeatures())
    runInAction(() => isReady.set(true))
    bus.emit('kit:ready', { plugins: ordered.filter((p) => loader.isLoaded(p.id)).map((p) => p.id) })
  })()
  Object.defineProperty(kit, 'ready', { value: ready })
  return kit
}
