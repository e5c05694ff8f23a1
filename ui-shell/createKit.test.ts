import { afterEach, describe, expect, it, vi } from 'vitest'
import { definePlugin, ViewRegistryToken, type Kit, type PluginDefinition } from '../kernel/index.js'
import { createKit } from './createKit.js'
import { AlertStoreToken } from './services/AlertStore.js'
import { startHttpServer, sendJson, type TestHttpServer } from '../test/support/startHttpServer.js'
import { createMemoryStorage } from '../test/support/createMemoryStorage.js'
import { createServer } from '../server/createServer.js'
import { viewPlugin } from '../test/support/viewPlugin.js'

const kits: Kit[] = []
const servers: TestHttpServer[] = []
afterEach(async () => {
  await Promise.all(kits.splice(0).map((kit) => kit.dispose()))
  await Promise.all(servers.splice(0).map((server) => server.close()))
  vi.restoreAllMocks()
})

/** The core entry's kit, with in-memory storage and no modal in the DOM. */
const make = (plugins: PluginDefinition[], options: Parameters<typeof createKit>[0] = {}) => {
  const kit = createKit({ projectId: 'test', storage: createMemoryStorage(), mountModal: false, ...options }, plugins)
  kits.push(kit)
  return kit
}

/** A stand-in for the connect plugin: the view the shell opens on. */
const connectView = definePlugin({ id: 'connect', setup: (ctx) => ctx.registerView({ name: 'Connect', title: 'Connect', component: null }) })


describe('createKit (the core entry: kernel, services, shell)', () => {
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
      kit.on('kit:warned', ({ message }) => warnings.push(message))
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
      kit.on('kit:alerted', (alert) => alerts.push(alert.shortMessage))
      await kit.ready
      expect(kit.getState().features.swaps).toBe(false)
      expect(alerts).toEqual(['Server Error'])
    })
  })

  describe('given a project id the reference catalogue service does not know', () => {
    it("raises 'Invalid Project ID' and goes on with the local features", async () => {
      const server = await createServer({ rateLimit: false })
      const apiUrl = await server.listen(0, '127.0.0.1')
      try {
        const kit = make([connectView], { projectId: 'no-such-project', apiUrl, features: { swaps: true, analytics: false } })
        await kit.ready
        expect(kit.resolve(AlertStoreToken).alerts.map((a) => [a.code, a.shortMessage])).toEqual([['INVALID_PROJECT_ID', 'Invalid Project ID']])
        expect(kit.getState().features.swaps).toBe(true)
      } finally {
        await server.close()
      }
    })
  })

  describe('given the host\'s own fetch', () => {
    it('makes every service call through it', async () => {
      const server = await startHttpServer((_request, response) => sendJson(response, 200, { features: { swaps: false } }))
      servers.push(server)
      const called: string[] = []
      const hostFetch: typeof fetch = (input, init) => (called.push(new URL(String(input)).pathname), fetch(input, init))
      const kit = make([connectView], { apiUrl: server.url, fetch: hostFetch, features: { analytics: false } })
      await kit.ready
      expect(kit.getState().features.swaps).toBe(false)
      expect(called).toContain('/appkit/v1/config')
      expect(called).toHaveLength(server.requests.length)
    })
  })

  describe('given no features from the host or a service', () => {
    it("starts on SPEC §1's defaults: receive, send, swaps, onramp, analytics and all wallets on; legal checkbox, smart sessions and pay off", async () => {
      const kit = make([connectView])
      await kit.ready
      expect(kit.getState().features).toMatchObject({
        receive: true,
        send: true,
        swaps: true,
        onramp: true,
        analytics: true,
        allWallets: true,
        legalCheckbox: false,
        smartSessions: false,
        pay: false,
      })
    })
  })

  describe('given a missing project id', () => {
    it('raises "Project ID Not Configured" and still opens', async () => {
      const kit = createKit({ storage: createMemoryStorage(), mountModal: false }, [connectView])
      kits.push(kit)
      await kit.ready
      expect(kit.resolve(AlertStoreToken).alerts.map((a) => a.shortMessage)).toEqual(['Project ID Not Configured'])
      await kit.open()
      expect(kit.getState().open).toBe(true)
    })
  })

})

describe('given the shell', () => {
  it('opens on a registered view even when a plugin failed, and two kits share no modal', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const log: string[] = []
    const broken = definePlugin({ id: 'broken', setup: () => Promise.reject(new Error('boom')) })
    const first = make([broken, connectView])
    const second = make([viewPlugin('other', log)])
    await Promise.all([first.ready, second.ready])
    await first.open()
    expect(first.getState()).toMatchObject({ open: true, view: 'Connect', plugins: { broken: 'failed' } })
    expect(second.getState().open).toBe(false)
    first.close()
    expect(first.getState().open).toBe(false)
  })

  it('waits for the kit to start when opened and given a language in the script that created it (issue 32)', async () => {
    const kit = make([connectView])
    // Not started yet: the kit reads as a kit that has not started.
    expect(kit.getState()).toMatchObject({ ready: false })
    const opened = kit.open()
    const switched = kit.setLocale('ja')
    await Promise.all([opened, switched])
    expect(kit.getState()).toMatchObject({ ready: true, open: true, view: 'Connect', locale: 'ja' })
  })
})
