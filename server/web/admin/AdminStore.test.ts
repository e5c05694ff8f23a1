import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createServer, type LatchServer } from '../../createServer.js'
import { DEV_PROJECT } from '../../plugins/projects/projects.js'
import { createMemoryStorage } from '../../../test/support/createMemoryStorage.js'
import { sendJson, startHttpServer, type TestHttpServer } from '../../../test/support/startHttpServer.js'
import { ADMIN_TOKEN_KEY, AdminStore } from './AdminStore.js'
import { createAdminApi } from './createAdminApi.js'

// The admin page's store against the real backend over HTTP: what the operator sees after each
// step, and what the server then holds.
const TOKEN = 'operator-token-0123456789'

let server: LatchServer
let url: string

beforeAll(async () => {
  server = await createServer({ adminToken: TOKEN })
  url = await server.listen(0)
})
afterAll(() => server?.close())
beforeEach(() => {
  server.projects.import([DEV_PROJECT])
  for (const { id } of server.projects.list()) if (id !== DEV_PROJECT.id) server.projects.delete(id)
})

const statusText = (store: AdminStore) =>
  store.status.kind === 'failed' ? store.status.error.shortMessage : store.status.kind === 'idle' ? '' : store.status.message

async function signedInStore() {
  const storage = createMemoryStorage()
  const store = new AdminStore({ api: createAdminApi({ baseUrl: url }), storage })
  await store.signIn(TOKEN)
  return { store, storage }
}

describe('given the sign-in form', () => {
  it("11: a wrong token says 'Wrong admin token', keeps nothing and lists nothing", async () => {
    const storage = createMemoryStorage()
    const store = new AdminStore({ api: createAdminApi({ baseUrl: url }), storage })
    await store.signIn(`${TOKEN}x`)
    expect({ signedIn: store.signedIn, status: statusText(store), kept: storage.entries.size, projects: store.projects }).toEqual({
      signedIn: false,
      status: 'Wrong admin token',
      kept: 0,
      projects: [],
    })
  })

  it('11: the right token lists the projects, selects the first, and is kept in session storage for a reload', async () => {
    const { store, storage } = await signedInStore()
    expect(store.projects.map((project) => project.id)).toEqual(['latch-dev'])
    expect(store.draft).toEqual(DEV_PROJECT)
    expect(storage.entries.get(ADMIN_TOKEN_KEY)).toBe(TOKEN)
    const reloaded = new AdminStore({ api: createAdminApi({ baseUrl: url }), storage })
    await reloaded.reload()
    expect({ signedIn: reloaded.signedIn, selected: reloaded.selectedId }).toEqual({ signedIn: true, selected: 'latch-dev' })
    reloaded.signOut()
    expect(storage.entries.size).toBe(0)
  })
})

describe('given a signed-in operator editing latch-dev', () => {
  it("11: switches, origins and analytics are saved as one project, 'Saved' once the server has it", async () => {
    const { store } = await signedInStore()
    expect(store.featureSwitches.find((feature) => feature.flag === 'socials')).toMatchObject({ on: true, list: DEV_PROJECT.features.socials })
    store.setFeature('swaps', false)
    store.setFeature('socials', false)
    store.setNewFlag('__proto__')
    store.addFlag()
    store.setNewFlag('constructor')
    store.addFlag()
    store.setNewFlag('faucet')
    store.addFlag()
    store.setAnalytics(false)
    store.setNewOrigin('https://*.shop.example')
    store.addOrigin()
    store.removeOrigin('http://localhost')
    expect(store.isDirty).toBe(true)
    await store.save()
    expect(statusText(store)).toBe('Saved')
    // Said beside the Save button, not at the top of the page.
    expect(store.statusPlace).toBe('save')
    expect(store.isDirty).toBe(false)
    const saved = server.projects.get('latch-dev')!
    expect(saved.features).toEqual({ ...DEV_PROJECT.features, swaps: false, socials: false, faucet: true, analytics: false })
    expect(saved.allowedOrigins).toEqual(['http://127.0.0.1', 'http://127.0.0.1:*', 'http://localhost:*', 'https://*.shop.example'])
    // On again: socials gets back the list it had on the server, analytics its default (no flag).
    store.setFeature('socials', true)
    store.setAnalytics(true)
    await store.save()
    expect(server.projects.get('latch-dev')!.features).toEqual({ ...DEV_PROJECT.features, swaps: false, faucet: true })
  })

  it('11: an origin the API would refuse is caught before any call, and the draft keeps its origins', async () => {
    const { store } = await signedInStore()
    store.setNewOrigin('not a url')
    store.addOrigin()
    expect(store.originError?.shortMessage).toBe('Not an origin: not a url. Write https://shop.example or a pattern such as https://*.shop.example')
    expect(store.draft?.allowedOrigins).toEqual(DEV_PROJECT.allowedOrigins)
    store.setNewOrigin('https://ok.example')
    expect(store.originError).toBeUndefined()
  })

  it("11: the API's 400 is shown with the field it names, the draft is kept, and nothing changes on the server", async () => {
    const { store } = await signedInStore()
    store.setName('')
    store.setFeature('swaps', false)
    await store.save()
    expect(statusText(store)).toBe('body/name must NOT have fewer than 1 characters')
    expect(store.draft).toMatchObject({ name: '', features: { swaps: false } })
    expect(server.projects.get('latch-dev')).toEqual(DEV_PROJECT)
  })

  it("11: a token that stops working (the server restarted with another) says 'Wrong admin token' on save, signs out and forgets it", async () => {
    const first = await createServer({ adminToken: TOKEN })
    const firstUrl = await first.listen(0)
    const storage = createMemoryStorage()
    const store = new AdminStore({ api: createAdminApi({ baseUrl: firstUrl }), storage })
    await store.signIn(TOKEN)
    store.setFeature('swaps', false)
    await first.close()
    const restarted = await createServer({ adminToken: 'another-token-0123456789' })
    await restarted.listen(Number(new URL(firstUrl).port))
    try {
      await store.save()
      expect({ signedIn: store.signedIn, status: statusText(store), kept: storage.getItem(ADMIN_TOKEN_KEY) }).toEqual({ signedIn: false, status: 'Wrong admin token', kept: null })
      expect(restarted.projects.get('latch-dev')).toEqual(DEV_PROJECT)
    } finally {
      await restarted.close()
    }
  })

  it('11: creates a project, selects it, and deletes it', async () => {
    const { store } = await signedInStore()
    await store.create('shop', 'The shop')
    expect(statusText(store)).toBe('Created The shop')
    expect(store.statusPlace).toBe('page')
    expect(store.selectedId).toBe('shop')
    expect(server.projects.get('shop')).toEqual({ id: 'shop', name: 'The shop', allowedOrigins: [], features: {} })
    await store.create('shop', '')
    expect(statusText(store)).toBe('A project with the id "shop" exists')
    store.select('shop')
    await store.deleteSelected()
    expect({ status: statusText(store), has: server.projects.has('shop'), selected: store.selectedId }).toEqual({ status: 'Deleted The shop', has: false, selected: 'latch-dev' })
  })
})

describe('given a backend answering badly', () => {
  let bad: TestHttpServer
  let answer: (response: import('node:http').ServerResponse) => void
  beforeAll(async () => {
    bad = await startHttpServer((_request, response) => answer(response))
  })
  afterAll(() => bad?.close())

  it("11: 429 says 'Rate Limited'; a 5xx, an HTML page, a wrong shape, no answer in time or no server say 'Server Error'", async () => {
    const cases: Array<[string, (response: import('node:http').ServerResponse) => void]> = [
      ['Rate Limited', (response) => sendJson(response, 429, { code: 'RATE_LIMITED', message: 'x' })],
      ['Server Error', (response) => sendJson(response, 503, { code: 'UNAVAILABLE', message: 'down' })],
      ['Server Error', (response) => void response.writeHead(200, { 'content-type': 'text/html' }).end('<h1>proxy</h1>')],
      ['Server Error', (response) => sendJson(response, 200, { projects: [{ id: 1 }] })],
      ['HTTP status code: 404', (response) => void response.writeHead(404).end('<html>')],
    ]
    for (const [expected, respond] of cases) {
      answer = respond
      const store = new AdminStore({ api: createAdminApi({ baseUrl: bad.url }), storage: createMemoryStorage() })
      await store.signIn(TOKEN)
      expect({ expected, status: statusText(store), signedIn: store.signedIn }).toEqual({ expected, status: expected, signedIn: false })
    }
    answer = () => undefined // never answers
    const waiting = new AdminStore({ api: createAdminApi({ baseUrl: bad.url, timeoutMs: 300 }), storage: createMemoryStorage() })
    await waiting.signIn(TOKEN)
    expect(statusText(waiting)).toBe('Server Error')
    const closed = new AdminStore({ api: createAdminApi({ baseUrl: 'http://127.0.0.1:9' }), storage: createMemoryStorage() })
    await closed.signIn(TOKEN)
    expect(statusText(closed)).toBe('Server Error')
  })
})
