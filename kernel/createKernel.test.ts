import { afterEach, describe, expect, it, vi } from 'vitest'
import { createKernel as createKit } from './createKernel.js'
import { createToken, EventBusToken, ViewRegistryToken } from './token.js'
import { definePlugin, type PluginDefinition } from './loader/definePlugin.js'
import { PluginInvalidError, PluginSetupError, PluginTimeoutError, PluginTokenNotRequiredError } from './errors/plugin.js'
import { KitDisposeError, TokenNotProvidedError } from './errors/kit.js'
import { ViewExistsError } from './errors/rpc.js'
import type { Kit } from './Kit.js'
import type { KitError } from './errors/base.js'
import { createMemoryStorage } from '../test/support/createMemoryStorage.js'
import { viewPlugin } from '../test/support/viewPlugin.js'

const kits: Kit[] = []
afterEach(async () => {
  await Promise.all(kits.splice(0).map((kit) => kit.dispose()))
  vi.restoreAllMocks()
})

/** A kit with in-memory storage and no services, remembered for teardown. */
const make = (plugins: PluginDefinition[], options: Parameters<typeof createKit>[0] = {}) => {
  const kit = createKit({ projectId: 'test', storage: createMemoryStorage(), ...options }, plugins)
  kits.push(kit)
  return kit
}


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

  it('runs each plugin\'s checkOptions when the kit is created, and refuses what it throws', () => {
    const strict = definePlugin({
      id: 'strict',
      checkOptions: (options) => {
        if (options.debug === true) throw new PluginInvalidError({ plugin: 'strict', reason: 'debug is refused' })
      },
      setup: () => {},
    })
    expect(() => createKit({ debug: true }, [strict])).toThrowError('Plugin "strict" is invalid: debug is refused.')
    expect(() => createKit({}, [strict])).not.toThrow()
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
    })
  })

  describe('given a plugin whose setup never settles', () => {
    it('times it out, names it, and the other plugins load', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {})
      const failures: KitError[] = []
      const log: string[] = []
      const hanging = definePlugin({ id: 'hanging', setupTimeoutMs: 50, setup: () => new Promise<void>(() => {}) })
      const kit = make([hanging, viewPlugin('shell', log)])
      kit.on('plugin:failed', ({ error }) => failures.push(error))
      await kit.ready
      expect(failures[0]).toBeInstanceOf(PluginTimeoutError)
      expect(failures[0]!.shortMessage).toBe('Plugin "hanging" did not finish setting up within 50 ms and was skipped.')
      expect(kit.getState().plugins).toEqual({ hanging: 'failed', shell: 'loaded' })
      expect(kit.resolve(ViewRegistryToken).names()).toEqual(['shellView'])
    })

    it('tears down what a late setup registered', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {})
      let finish!: () => void
      let registered!: () => void
      const lateRegistration = new Promise<void>((resolve) => (registered = resolve))
      const late = definePlugin({
        id: 'late',
        setupTimeoutMs: 20,
        async setup(ctx) {
          await new Promise<void>((resolve) => (finish = resolve))
          ctx.registerView({ name: 'LateView', title: 'Late', component: null })
          registered()
        },
      })
      const kit = make([late])
      await kit.ready
      finish()
      // The late setup has registered its view: it is already gone.
      await lateRegistration
      expect(kit.resolve(ViewRegistryToken).has('LateView')).toBe(false)
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
      // Hosts and plugins get the bus without clear(): only the kernel drops every listener.
      expect('clear' in bus).toBe(false)
      expect(kit.isProvided(StoreToken)).toBe(true)
      expect(bus.listenerCount()).toBe(3)
      expect(await kit.request('counter_read')).toBe(1)

      await kit.dispose()
      expect(bus.listenerCount()).toBe(0)
      expect(kit.isProvided(StoreToken)).toBe(false)
      expect(kit.isProvided(EventBusToken)).toBe(false)
    })

    it('undoes everything, then rejects with every teardown failure', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {})
      const log: string[] = []
      const failing = (id: string) =>
        definePlugin({
          id,
          setup(ctx) {
            ctx.onClose(() => void log.push(`closed:${id}`))
            ctx.onClose(() => {
              throw new Error(`${id} broke`)
            })
          },
        })
      const kit = createKit({ storage: createMemoryStorage() }, [failing('a'), failing('b')])
      await kit.ready
      const error = await kit.dispose().catch((e: unknown) => e)
      expect(error).toBeInstanceOf(KitDisposeError)
      expect((error as KitDisposeError).errors.map((e: { shortMessage?: string }) => e.shortMessage)).toEqual([
        'Plugin "b" failed while tearing down.',
        'Plugin "a" failed while tearing down.',
      ])
      expect(log).toEqual(['closed:b', 'closed:a'])
    })

    it('refuses further use', async () => {
      const kit = make([])
      await kit.dispose()
      await expect(kit.open()).rejects.toThrowError('This kit has been disposed.')
    })
  })

  describe('given two plugins registering the same view and RPC method', () => {
    const twin = (id: string, answer: string) =>
      definePlugin({
        id,
        setup(ctx) {
          ctx.registerRpc('twin_read', () => answer)
          ctx.registerView({ name: 'TwinView', title: id, component: null })
        },
      })

    it('skips the second with the catalogue error naming the method, and the first keeps both', async () => {
      const failures: KitError[] = []
      const kit = make([twin('first', 'one'), twin('second', 'two')])
      kit.on('plugin:failed', ({ error }) => failures.push(error))
      await kit.ready
      expect(kit.getState().plugins).toEqual({ first: 'loaded', second: 'failed' })
      expect((failures[0]!.cause as KitError).shortMessage).toBe('A handler for "twin_read" is already registered.')
      await expect(kit.request('twin_read')).resolves.toBe('one')
      expect(kit.resolve(ViewRegistryToken).get('TwinView')?.title).toBe('first')
    })

    it('refuses the view by name once the method is free', async () => {
      const failures: KitError[] = []
      const viewOnly = definePlugin({ id: 'late', setup: (ctx) => void ctx.registerView({ name: 'TwinView', title: 'late', component: null }) })
      const kit = make([twin('first', 'one'), viewOnly])
      kit.on('plugin:failed', ({ error }) => failures.push(error))
      await kit.ready
      expect(failures[0]!.cause).toBeInstanceOf(ViewExistsError)
      expect((failures[0]!.cause as KitError).shortMessage).toBe('A view named "TwinView" is already registered.')
    })
  })

  it('refuses RPC methods no plugin registered', async () => {
    const kit = make([])
    await expect(kit.request('eth_sendTransaction')).rejects.toThrowError('Requested RPC call is not allowed')
  })

  describe('given plugins that provide tokens', () => {
    const SecretToken = createToken<string>('Secret')
    const provider = definePlugin({ id: 'vault', setup: (ctx) => ctx.provide(SecretToken, 'gold') })
    const reader = (id: string, requires: string[], seen: unknown[]) =>
      definePlugin({
        id,
        requires,
        setup(ctx) {
          try {
            seen.push(ctx.resolve(SecretToken))
          } catch (error) {
            seen.push(error)
          }
        },
      })

    it('lets a plugin resolve the tokens of what it requires, directly or through another', async () => {
      const seen: unknown[] = []
      const kit = make([provider, reader('direct', ['vault'], seen), reader('indirect', ['direct'], seen)])
      await kit.ready
      expect(seen).toEqual(['gold', 'gold'])
    })

    it('refuses a token of a plugin it does not require, naming both', async () => {
      const seen: unknown[] = []
      const kit = make([provider, reader('nosy', [], seen)])
      await kit.ready
      expect(seen[0]).toBeInstanceOf(PluginTokenNotRequiredError)
      expect((seen[0] as PluginTokenNotRequiredError).shortMessage).toBe(
        'Plugin "nosy" resolved Secret of plugin "vault", which it does not require.',
      )
      // The host sees every plugin's tokens.
      expect(kit.resolve(SecretToken)).toBe('gold')
    })

    it('shares a shared plugin\'s tokens with every plugin', async () => {
      const seen: unknown[] = []
      const kit = make([{ ...provider, shared: true }, reader('any', [], seen)])
      await kit.ready
      expect(seen).toEqual(['gold'])
    })

    it('names the token nothing provides', async () => {
      const kit = make([])
      expect(() => kit.resolve(SecretToken)).toThrowError(TokenNotProvidedError)
      expect(() => kit.resolve(SecretToken)).toThrowError('Nothing provides Secret.')
    })
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
      expect(first.resolve(ViewRegistryToken).get('Home')!.title).toBe('first')
      expect(second.resolve(ViewRegistryToken).get('Home')!.title).toBe('second')
      expect(first.resolve(StoreToken)).not.toBe(second.resolve(StoreToken))
      expect(second.resolve(StoreToken).owner).toBe('second')
      await first.dispose()
      expect(second.isProvided(StoreToken)).toBe(true)
    })
  })
})
