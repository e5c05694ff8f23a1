import { action, makeObservable, observable, runInAction } from 'mobx'
import type { KitError } from '../errors/base.js'
import { PluginInvalidError, PluginSetupError, PluginTimeoutError } from '../errors/plugin.js'
import { isFeatureOn, type FeatureFlags } from '../features/defaults.js'
import { withTimeout } from '../withTimeout.js'
import { nextTask } from './nextTask.js'
import type { EventBus } from '../events.js'
import type { PluginDefinition, PluginSetup } from './definePlugin.js'
import type { PluginHandle } from './createPluginContext.js'

/** Where each plugin stands: off plugins are `skipped` and their code is never fetched. */
export type PluginStatus = 'pending' | 'loading' | 'loaded' | 'failed' | 'skipped'

export interface PluginLoaderOptions {
  /** Plugins in load order (see `orderPlugins`). */
  plugins: readonly PluginDefinition[]
  bus: EventBus
  createHandle(plugin: PluginDefinition): PluginHandle
  reportFailure(id: string, error: KitError): void
  setupTimeoutMs: number
}

/**
 * Loads and unloads plugins to match the feature flags. Calls are serialised, so a
 * `refreshConfig` that lands mid-load waits its turn instead of racing it.
 */
export class PluginLoader {
  readonly status: ReturnType<typeof observable.map<string, PluginStatus>>
  private readonly live = new Map<string, PluginHandle>()
  private queue: Promise<void> = Promise.resolve()

  constructor(private readonly options: PluginLoaderOptions) {
    this.status = observable.map<string, PluginStatus>(options.plugins.map((plugin) => [plugin.id, 'pending']))
    makeObservable<PluginLoader, 'setStatus'>(this, { setStatus: action })
  }

  /** Loads the plugins whose feature is on and whose requirements loaded; unloads the rest. */
  sync(features: Readonly<Partial<FeatureFlags>>): Promise<void> {
    return this.enqueue(async () => {
      const { plugins } = this.options
      const wanted = new Set<string>()
      for (const plugin of plugins) {
        const requirementsWanted = (plugin.requires ?? []).every((id) => wanted.has(id))
        if (isFeatureOn(features, plugin.feature) && requirementsWanted) wanted.add(plugin.id)
      }
      for (const plugin of [...plugins].reverse())
        if (this.live.has(plugin.id) && !wanted.has(plugin.id)) await this.unload(plugin)
      for (const plugin of plugins) {
        const status = this.status.get(plugin.id)
        if (!wanted.has(plugin.id)) {
          if (status !== 'skipped') this.skip(plugin, isFeatureOn(features, plugin.feature))
          continue
        }
        if (this.live.has(plugin.id) || status === 'failed') continue
        if ((plugin.requires ?? []).some((id) => !this.live.has(id))) this.skip(plugin, true)
        else await nextTask().then(() => this.load(plugin))
      }
    })
  }

  /** Unloads every live plugin in reverse load order; resolves with the teardown failures. */
  unloadAll(): Promise<Error[]> {
    const failures: Error[] = []
    return this.enqueue(async () => {
      for (const plugin of [...this.options.plugins].reverse())
        if (this.live.has(plugin.id)) failures.push(...(await this.unload(plugin)))
    }).then(() => failures)
  }

  isLoaded(id: string): boolean {
    return this.live.has(id)
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    const run = this.queue.then(task)
    this.queue = run.catch(() => {})
    return run
  }

  private setStatus(id: string, status: PluginStatus): void {
    this.status.set(id, status)
  }
  private skip(plugin: PluginDefinition, featureOn: boolean): void {
    this.setStatus(plugin.id, 'skipped')
    this.options.bus.emit('plugin:skipped', { id: plugin.id, reason: featureOn ? 'dependency-unavailable' : 'feature-off' })
  }

  private async load(plugin: PluginDefinition): Promise<void> {
    this.setStatus(plugin.id, 'loading')
    const handle = this.options.createHandle(plugin)
    const timeoutMs = plugin.setupTimeoutMs ?? this.options.setupTimeoutMs
    const run = async () => {
      const setup: unknown = plugin.setup ?? (await plugin.load!().then(async (module) => (await nextTask(), module))).default
      if (typeof setup !== 'function')
        throw new PluginInvalidError({ plugin: plugin.id, reason: 'its module has no default setup function' })
      return runInAction(() => (setup as PluginSetup)(handle.ctx)) // one batch: reactions run once per setup
    }
    try {
      const teardown = await withTimeout(
        run(),
        timeoutMs,
        () => new PluginTimeoutError({ plugin: plugin.id, timeoutMs }),
        // The setup finished after all: undo whatever it handed back.
        (late) => {
          if (late.status === 'fulfilled' && typeof late.value === 'function') handle.add(late.value)
        },
      )
      if (typeof teardown === 'function') handle.add(teardown)
      this.live.set(plugin.id, handle)
      this.setStatus(plugin.id, 'loaded')
      this.options.bus.emit('plugin:loaded', { id: plugin.id })
    } catch (cause) {
      await handle.dispose()
      const known = cause instanceof PluginTimeoutError || cause instanceof PluginInvalidError
      const error = known ? cause : new PluginSetupError({ plugin: plugin.id, cause })
      this.setStatus(plugin.id, 'failed')
      this.options.reportFailure(plugin.id, error)
      this.options.bus.emit('plugin:failed', { id: plugin.id, error })
    }
  }

  private async unload(plugin: PluginDefinition): Promise<Error[]> {
    const handle = this.live.get(plugin.id)!
    this.live.delete(plugin.id)
    const failures = await handle.dispose()
    this.setStatus(plugin.id, 'pending')
    this.options.bus.emit('plugin:unloaded', { id: plugin.id })
    return failures
  }
}
