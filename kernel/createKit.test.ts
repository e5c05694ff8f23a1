import { afterEach, describe, expect, it, vi } from 'vitest'
import { createKit } from './createKit.js'
import { createToken, EventBusToken, ViewRegistryToken } from './container.js'
import { definePlugin, type PluginDefinition } from './loader/definePlugin.js'
import { SiweAndSiwxConflictError } from './errors/config.js'
import { PluginSetupError, PluginTimeoutError } from './errors/plugin.js'
import type { Kit } from './Kit.js'
import type { KitError } from './errors/base.js'
import { startHttpServer, sendJson, type TestHttpServer } from '../test/support/startHttpServer.js'
import { createMemoryStorage } from '../test/support/createMemoryStorage.js'

const kits: Kit[] = []
const servers: TestHttpServer[] = []
afterEach(async () => {
  await Promise.all(kits.splice(0).map((kit) => kit.dispose()))
  await Promise.all(servers.splice(0).map((server) => server.close()))
  vi.restoreAllMocks()
})

/** A kit with in-memory storage and no services, remembered for teardown. */
const make = (plugins: PluginDefinition[], options: Parameters<typeof createKit>[0] = {}) => {
  const kit = createKit({ projectId: 'test', storage: createMemoryStorage(), ...options }, plugins)
  kits.push(kit)
  return kit
}

/** A plugin that registers a view, records its setup and teardown in `log`. */
const viewPlugin = (id: string, log: string[], extra: Partial<PluginDefinition> = {}) =>
  definePlugin({
    id,
    setup(ctx) {
      log.push(`setup:${id}`)
      ctx.registerView({ name: `${id}View`, title: id, component: null })
      return () => void log.push(`teardown:${id}`)
    },
    ...extra,
  })

describe('createKit', () => {
  describe('given plugins that require each other', () => {
    it('sets them up in dependency order and tears them down in reverse', async () => {
      const log: string[] = []
      const kit = make([viewPlugin('swaps', log, { requires: ['connectors'] }), viewPlugin('connectors', log)])
      await kit.ready
      expect(log).toEqual(['setup:connectors', 'setup:swaps'])
      await kit.dispose()
      expect(log).toEqual(['setup:connectors', 'setup:swaps', 'teardown:swaps', 'teardown:connectors'])
    })
  })

  it('rejects both siweConfig and siwx', () => {
    expect(() => createKit({ siweConfig: {}, siwx: {} }, [])).toThrowError(SiweAndSiwxConflictError)
    expect(() => createKit({ siweConfig: {}, siwx: {} }, [])).toThrowError(
      'Cannot set both `siweConfig` and `siwx` options.',
    )
  })

  describe('given a plugin whose feature is off', () => {
    it('never imports its module', async () => {
      const load = vi.fn(() => import('./__fixtures__/trackedPluginSetup.js'))
      const kit = make([definePlugin({ id: 'activity', feature: 'activity', load })], {
        features: { activity: false },
      })
      await kit.ready
      expect(load).not.toHaveBeenCalled()
      expect((globalThis as { __latchTrackedImports?: number }).__latchTrackedImports).toBeUndefined()
      expect(kit.getState().plugins).toEqual({ activity: 'skipped' })
    })

    it('skips the plugins that require it', async () => {
      const log: string[] = []
      const kit = make([viewPlugin('onramp', log, { feature: 'onramp' }), viewPlugin('checkout', log, { requires: ['onramp'] })], {
        features: { onramp: false },
      })
      await kit.ready
      expect(log).toEqual([])
      expect(kit.getState().plugins).toEqual({ onramp: 'skipped', checkout: 'skipped' })
    })
  })

  describe('given a plugin whose setup throws', () => {
    it('reports it, undoes what it registered, and loads the rest', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {})
      const failures: KitError[] = []
      const log: string[] = []
      const broken = definePlugin({
        id: 'broken',
        setup(ctx) {
          ctx.registerView({ name: 'BrokenView', title: 'Broken', component: null })
          throw new Error('boom')
        },
      })
      const kit = make([broken, viewPlugin('fine', log)])
      kit.on('plugin:failed', ({ error }) => failures.push(error))
      await kit.ready
      expect(failures).toHaveLength(1)
      expect(failures[0]).toBeInstanceOf(PluginSetupError)
      expect(failures[0]!.shortMessage).toBe('Plugin "broken" failed to set up and was skipped.')
      expect(kit.resolve(ViewRegistryToken).names()).toEqual(['fineView'])
      expect(kit.getState().plugins).toEqual({ broken: 'failed', fine: 'loaded' })
      await kit.open()
      expect(kit.getState().open).toBe(true)
    })
  })

  describe('given a plugin whose setup never settles', () => {
    it('times it out, names it, and the kit still opens', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {})
      const failures: KitError[] = []
      const log: string[] = []
      const hanging = definePlugin({ id: 'hanging', setupTimeoutMs: 50, setup: () => new Promise<void>(() => {}) })
      const kit = make([hanging, viewPlugin('shell', log)])
      kit.on('plugin:failed', ({ error }) => failures.push(error))
      await kit.ready
      expect(failures[0]).toBeInstanceOf(PluginTimeoutError)
      expect(failures[0]!.shortMessage).toBe('Plugin "hanging" did not finish setting up within 50 ms and was skipped.')
      await kit.open()
      expect(kit.getState()).toMatchObject({ open: true, view: 'shellView' })
    })

    it('tears down what a late setup registered', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {})
      let finish!: () => void
      const late = definePlugin({
        id: 'late',
        setupTimeoutMs: 20,
        async setup(ctx) {
          await new Promise<void>((resolve) => (finish = resolve))
          ctx.registerView({ name: 'LateView', title: 'Late', component: null })
        },
      })
      const kit = make([late])
      await kit.ready
      finish()
      await new Promise((resolve) => setTimeout(resolve, 10))
      expect(kit.resolve(ViewRegistryToken).has('LateView')).toBe(false)
    })
  })

  describe('given remote configuration', () => {
    const serveConfig = async (features: unknown) => {
      const server = await startHttpServer((request, response) => {
        if (request.url?.startsWith('/appkit/v1/config')) return sendJson(response, 200, { features })
        sendJson(response, 404, {})
      })
      servers.push(server)
      return server
    }

    it('overrides local features and warns that local configuration was ignored', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
      const server = await serveConfig({ email: false, swaps: true })
      const warnings: string[] = []
      const log: string[] = []
      const kit = make([viewPlugin('email', log, { feature: 'email' })], {
        apiUrl: server.url,
        features: { email: true },
        analytics: false,
      })
      kit.on('kit:warning', ({ message }) => warnings.push(message))
      await kit.ready
      expect(kit.getState().features.email).toBe(false)
      expect(log).toEqual([])
      expect(warn).toHaveBeenCalledWith('[latch] Local configuration ignored')
      const config = server.requests.find((r) => r.url.startsWith('/appkit/v1/config'))!
      expect(new URL(config.url, server.url).searchParams.get('projectId')).toBe('test')
    })

    it('loads and unloads a plugin live when refreshConfig sees its feature change', async () => {
      let features: Record<string, boolean> = { swaps: false }
      const server = await startHttpServer((request, response) => sendJson(response, 200, { features }))
      servers.push(server)
      const log: string[] = []
      const kit = make([viewPlugin('swaps', log, { feature: 'swaps' })], { apiUrl: server.url })
      await kit.ready
      const views = kit.resolve(ViewRegistryToken)
      expect(views.has('swapsView')).toBe(false)

      features = { swaps: true }
      await kit.refreshConfig()
      expect(views.has('swapsView')).toBe(true)
      await kit.open({ view: 'swapsView' })
      expect(kit.getState().view).toBe('swapsView')

      features = { swaps: false }
      await kit.refreshConfig()
      expect(views.has('swapsView')).toBe(false)
      expect(log).toEqual(['setup:swaps', 'teardown:swaps'])
      // Its view vanished while shown: the modal has nothing left to show and closes.
      expect(kit.getState().open).toBe(false)
    })

    it('keeps local features when the service fails', async () => {
      const server = await startHttpServer((_request, response) => sendJson(response, 503, {}))
      servers.push(server)
      const alerts: string[] = []
      const kit = make([], { apiUrl: server.url, features: { swaps: false } })
      kit.on('kit:alert', (alert) => alerts.push(alert.shortMessage))
      await kit.ready
      expect(kit.getState().features.swaps).toBe(false)
      expect(alerts).toEqual(['Server Error'])
    })
  })

  describe('given a missing project id', () => {
    it('raises "Project ID Not Configured" and still opens', async () => {
      const log: string[] = []
      const kit = createKit({ storage: createMemoryStorage() }, [viewPlugin('connect', log)])
      kits.push(kit)
      await kit.ready
      const { AlertStoreToken } = await import('./container.js')
      expect(kit.resolve(AlertStoreToken).alerts.map((a) => a.shortMessage)).toEqual(['Project ID Not Configured'])
      await kit.open()
      expect(kit.getState().open).toBe(true)
    })
  })

  describe('after dispose', () => {
    it('leaves no listener on the bus and no registration in the container', async () => {
      const StoreToken = createToken<{ count: number }>('CounterStore')
      const plugin = definePlugin({
        id: 'counter',
        setup(ctx) {
          ctx.registerStore(StoreToken, { count: 1 })
          ctx.on('modal:opened', () => {})
          ctx.on('view:changed', () => {})
          ctx.registerRpc('counter_read', () => 1)
        },
      })
      const kit = make([plugin])
      kit.on('modal:closed', () => {})
      await kit.ready
      const bus = kit.resolve(EventBusToken)
      expect(kit.isProvided(StoreToken)).toBe(true)
      expect(bus.listenerCount()).toBe(3)
      expect(await kit.request('counter_read')).toBe(1)

      await kit.dispose()
      expect(bus.listenerCount()).toBe(0)
      expect(kit.isProvided(StoreToken)).toBe(false)
      expect(kit.isProvided(EventBusToken)).toBe(false)
    })

    it('refuses further use', async () => {
      const kit = make([])
      await kit.dispose()
      await expect(kit.open()).rejects.toThrowError('This kit has been disposed.')
    })
  })

  it('refuses RPC methods no plugin registered', async () => {
    const kit = make([])
    await expect(kit.request('eth_sendTransaction')).rejects.toThrowError('Requested RPC call is not allowed')
  })

  describe('given two kits on one page', () => {
    it('shares no state, store or registration between them', async () => {
      const StoreToken = createToken<{ owner: string }>('OwnerStore')
      const make2 = (owner: string) =>
        make([
          definePlugin({
            id: 'owner',
            setup(ctx) {
              ctx.registerStore(StoreToken, { owner })
              ctx.registerView({ name: 'Home', title: owner, component: null })
            },
          }),
        ])
      const first = make2('first')
      const second = make2('second')
      await Promise.all([first.ready, second.ready])
      await first.open()
      expect(first.getState().open).toBe(true)
      expect(second.getState().open).toBe(false)
      expect(first.resolve(StoreToken)).not.toBe(second.resolve(StoreToken))
      expect(second.resolve(StoreToken).owner).toBe('second')
      await first.dispose()
      expect(second.isProvided(StoreToken)).toBe(true)
    })
  })
})
