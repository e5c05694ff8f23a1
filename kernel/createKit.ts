import { reaction } from 'mobx'
import { Alerts, type Alert } from './alerts.js'
import { AlertStore } from './AlertStore.js'
import {
  ApiClientToken,
  AlertStoreToken,
  asInjectionToken,
  BlockchainClientToken,
  ConnectorRegistryToken,
  createKitContainer,
  EventBusToken,
  EventReporterToken,
  FeatureStoreToken,
  KitOptionsToken,
  KitToken,
  ModalStoreToken,
  NavigationPolicyToken,
  RpcRegistryToken,
  StorageToken,
  ViewRegistryToken,
  ViewStackToken,
  type Token,
} from './container.js'
import { ConnectorRegistry } from './ConnectorRegistry.js'
import { KitDisposedError, SiweAndSiwxConflictError } from './errors/config.js'
import type { KitError } from './errors/base.js'
import { createEventBus } from './events.js'
import { FeatureStore } from './features/FeatureStore.js'
import { resolveFeatures } from './features/resolveFeatures.js'
import type { FeatureFlags } from './features/defaults.js'
import { createEventReporter } from './http/createEventReporter.js'
import { createHttpClient } from './http/createHttpClient.js'
import type { Kit, KitState } from './Kit.js'
import type { KitOptions } from './KitOptions.js'
import { loadRemoteFeatures } from './loadRemoteFeatures.js'
import { ModalStore } from './ModalStore.js'
import type { NavigationPolicy, OpenArgs } from './NavigationPolicy.js'
import { createPluginContext, type KernelServices } from './loader/createPluginContext.js'
import type { PluginDefinition } from './loader/definePlugin.js'
import { ExportsRegistry } from './loader/ExportsRegistry.js'
import { orderPlugins } from './loader/orderPlugins.js'
import { PluginLoader } from './loader/PluginLoader.js'
import { RpcRegistry } from './RpcRegistry.js'
import { createStorage } from './storage/createStorage.js'
import { ViewRegistry } from './views/ViewRegistry.js'
import { ViewStackStore, type ViewEntry } from './views/ViewStackStore.js'

/** Default deadline for a plugin's setup. */
export const DEFAULT_PLUGIN_SETUP_TIMEOUT_MS = 10_000

/**
 * Creates a kit: a kernel with its own container, bus and stores, and the plugins the host
 * passed, loaded in dependency order as their features allow.
 *
 * @param options - project, service URLs, feature flags, theme
 * @param plugins - plugin definitions; see `definePlugin`
 * @returns the kit; `kit.ready` settles when the first plugins have loaded
 * @throws PluginMissingDependencyError, PluginCycleError, SiweAndSiwxConflictError
 *
 * @example
 * const kit = createKit({ projectId: 'latch-dev', apiUrl: 'http://127.0.0.1:5545' }, [activity()])
 * await kit.open()
 */
export function createKit(options: KitOptions = {}, plugins: readonly PluginDefinition[] = []): Kit {
  if (options.siweConfig !== undefined && options.siwx !== undefined) throw new SiweAndSiwxConflictError()
  const ordered = orderPlugins(plugins)

  const container = createKitContainer()
  const exportsRegistry = new ExportsRegistry(container.createChildContainer())
  const resolver = exportsRegistry.container
  const debug = options.debug === true
  const bus = createEventBus((error) => console.error('[latch] an event listener threw', error))
  const alerts = new AlertStore()
  const raiseAlert = (alert: Alert) => {
    alerts.raise(alert)
    bus.emit('kit:alert', alert)
  }
  const warn = (message: string) => {
    console.warn(`[latch] ${message}`)
    bus.emit('kit:warning', { message })
  }

  const projectId = options.projectId?.trim() || undefined
  if (!projectId) raiseAlert(Alerts.ProjectIdNotConfigured)
  const storage = createStorage({
    backend: options.storage,
    prefix: options.storagePrefix,
    onError: (error, key) => {
      if (debug) console.warn(`[latch] storage: ${key}`, error)
    },
  })
  const client = (baseUrl: string | undefined) =>
    baseUrl ? createHttpClient({ baseUrl, projectId, fetch: options.fetch }) : undefined
  const api = client(options.apiUrl)
  const blockchain = client(options.blockchainApiUrl ?? options.apiUrl)
  const features = new FeatureStore(resolveFeatures(options.features, undefined).features)
  const reporter = createEventReporter({
    api: projectId ? api : undefined,
    raiseAlert,
    isEnabled: () => features.isOn('analytics'),
  })
  const views = new ViewRegistry()
  const stack = new ViewStackStore()
  const modal = new ModalStore()
  const rpc = new RpcRegistry()
  const connectors = new ConnectorRegistry()
  const stateFields = new Map<string, () => unknown>()

  const reportFailure = (id: string, error: KitError) => {
    console.warn(`[latch] plugin "${id}": ${error.shortMessage}`)
    void reporter.reportError({ errorType: error.name, errorMessage: error.shortMessage, stackTrace: error.stack })
  }

  let disposed = false
  const assertLive = () => {
    if (disposed) throw new KitDisposedError()
  }
  const policy = (): NavigationPolicy | undefined =>
    resolver.isRegistered(asInjectionToken(NavigationPolicyToken), true)
      ? resolver.resolve(asInjectionToken(NavigationPolicyToken))
      : undefined
  const showEntry = (entry: ViewEntry | undefined) => {
    if (entry) stack.reset(entry.view, entry.data)
  }

  const kit: Kit = {
    options,
    ready: Promise.resolve(),
    async open(args: OpenArgs = {}) {
      assertLive()
      await kit.ready
      const navigation = policy()
      const entry = navigation
        ? await navigation.entryOnOpen(args)
        : args.view
          ? { view: args.view, data: args.data }
          : views.names()[0] !== undefined
            ? { view: views.names()[0]! }
            : undefined
      if (!entry || disposed) return
      showEntry(entry)
      if (modal.isOpen) return
      modal.setOpen(true)
      bus.emit('modal:opened', { view: entry.view })
    },
    close() {
      if (!modal.isOpen) return
      modal.setOpen(false)
      showEntry(policy()?.entryOnClose())
      bus.emit('modal:closed', {})
    },
    back() {
      if (!stack.back()) return kit.close()
      const current = stack.current!
      const next = policy()?.entryOnBack?.(current)
      if (next && next.view !== current.view) stack.replace(next.view, next.data)
    },
    on(event, listener) {
      assertLive()
      return bus.on(event, listener)
    },
    getState(): KitState {
      const state: KitState = {
        open: modal.isOpen,
        view: stack.current?.view,
        history: stack.history.map((entry) => entry.view),
        ready: isReady,
        features: features.flags,
        plugins: Object.fromEntries(loader.status),
      }
      for (const [key, read] of stateFields) state[key] = read()
      return state
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
      return resolver.resolve(asInjectionToken(token))
    },
    isProvided(token) {
      return resolver.isRegistered(asInjectionToken(token), true)
    },
    dispose() {
      if (disposing) return disposing
      disposed = true
      disposing = (async () => {
        await kit.ready
        await loader.unloadAll()
        if (modal.isOpen) modal.setOpen(false)
        for (const stop of watchers) stop()
        exportsRegistry.clear()
        container.reset()
        bus.emit('kit:disposed', {})
        bus.clear()
      })()
      return disposing
    },
  }
  let disposing: Promise<void> | undefined

  const services: KernelServices = {
    kit,
    options,
    bus,
    storage,
    api,
    blockchain,
    features,
    views,
    rpc,
    connectors,
    exports: exportsRegistry,
    state: stateFields,
    reportError: (report) => void reporter.reportError(report),
    raiseAlert,
    reportFailure,
  }
  const register = <T>(token: Token<T>, value: T) => container.register(asInjectionToken(token), { useValue: value })
  register(KitToken, kit)
  register(KitOptionsToken, options)
  register(EventBusToken, bus)
  register(StorageToken, storage)
  register(ApiClientToken, api)
  register(BlockchainClientToken, blockchain)
  register(EventReporterToken, reporter)
  register(FeatureStoreToken, features)
  register(AlertStoreToken, alerts)
  register(ViewRegistryToken, views)
  register(ViewStackToken, stack)
  register(ModalStoreToken, modal)
  register(RpcRegistryToken, rpc)
  register(ConnectorRegistryToken, connectors)

  const loader = new PluginLoader({
    plugins: ordered,
    bus,
    createHandle: (plugin) => createPluginContext(plugin, services),
    reportFailure,
    setupTimeoutMs: options.pluginSetupTimeoutMs ?? DEFAULT_PLUGIN_SETUP_TIMEOUT_MS,
  })

  const watchers = [
    // A view whose plugin unloaded leaves the stack; an emptied open modal goes where closing would.
    reaction(
      () => views.names(),
      () => {
        for (const entry of stack.history) if (!views.has(entry.view)) stack.removeView(entry.view)
        if (stack.history.length === 0) showEntry(policy()?.entryOnClose())
        if (stack.history.length === 0 && modal.isOpen) kit.close()
      },
    ),
    reaction(
      () => stack.current?.view,
      (view, previous) => {
        if (view) bus.emit('view:changed', { view, previous })
      },
    ),
  ]

  const fetchRemoteFeatures = () =>
    api && projectId && options.remoteConfig !== false ? loadRemoteFeatures(api, raiseAlert) : Promise.resolve(undefined)

  const applyFeatures = async (remote: Partial<FeatureFlags> | undefined) => {
    const resolved = resolveFeatures(options.features, remote)
    if (resolved.warning) warn(resolved.warning)
    features.set(resolved.features)
    bus.emit('features:changed', { features: resolved.features, source: remote ? 'remote' : 'local' })
    await loader.sync(resolved.features)
  }

  let isReady = false
  const ready = (async () => {
    await applyFeatures(await fetchRemoteFeatures())
    isReady = true
    bus.emit('kit:ready', { plugins: ordered.filter((p) => loader.isLoaded(p.id)).map((p) => p.id) })
  })()
  Object.defineProperty(kit, 'ready', { value: ready })
  return kit
}
