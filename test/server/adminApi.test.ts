import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer, type LatchServer } from '../../server/createServer.js'
import { openDatabase } from '../../server/plugins/database/openDatabase.js'
import { startBackend } from '../../server/startBackend.js'
import { DEV_PROJECT } from '../../server/plugins/projects/projects.js'
import { WebSocket } from 'ws'
import fc from 'fast-check'
import { call } from './support.js'
import { writeMasterSecretFile } from '../support/masterSecretFile.js'

const TOKEN = 'operator-token-0123456789'
const SHOP = { id: 'shop', name: 'The shop', allowedOrigins: ['https://shop.example'], features: { swaps: true, activity: true } }

let server: LatchServer
let backend: { url: string }

const admin = (path: string, method = 'GET', body?: unknown, token = TOKEN) =>
  call(backend, `/admin/api${path}`, { method, body, headers: { authorization: `Bearer ${token}` } })

/** 101 once a WebSocket upgrade is accepted (then closed), else the refusal's HTTP status. */
const upgradeStatus = (url: string, origin: string) =>
  new Promise<number>((resolve, reject) => {
    const socket = new WebSocket(url, { headers: { origin } })
    socket.once('open', () => (socket.close(), resolve(101)))
    socket.once('unexpected-response', (_request, response) => (response.resume(), resolve(response.statusCode ?? 0)))
    socket.once('error', (error) => (error.message.includes('Unexpected server response') ? undefined : reject(error)))
  })

const listProjects = async () => (await admin('/projects')).body

beforeAll(async () => {
  server = await createServer({ adminToken: TOKEN, db: openDatabase(mkdtempSync(join(tmpdir(), 'latch-admin-'))) })
  backend = { url: await server.listen(0) }
})
afterAll(async () => {
  await server?.close()
  server?.db.close()
})

describe('given a new database', () => {
  it('11: holds the dev project latch-dev, as the defaults name it', async () => {
    expect(await listProjects()).toEqual({ projects: [DEV_PROJECT] })
  })
})

describe('given admin calls without the right token', () => {
  const calls = [
    ['GET', '/projects'],
    ['POST', '/projects', SHOP],
    ['GET', '/projects/latch-dev'],
    ['PUT', '/projects/latch-dev', { name: 'x', allowedOrigins: ['*'], features: {} }],
    ['PATCH', '/projects/latch-dev', { features: { swaps: false } }],
    ['DELETE', '/projects/latch-dev'],
  ] as const
  const authorizations = [undefined, `Bearer wrong-${TOKEN}`, `Bearer ${TOKEN.slice(0, -1)}`, 'Bearer ', TOKEN, `Basic ${TOKEN}`]

  it('11: answers 401 to every route, with no token or a wrong one, and changes nothing', async () => {
    const before = await listProjects()
    const configBefore = (await call(backend, '/appkit/v1/config?projectId=latch-dev')).body
    for (const [method, path, body] of calls)
      for (const authorization of authorizations) {
        const answer = await call(backend, `/admin/api${path}`, { method, body, headers: authorization === undefined ? {} : { authorization } })
        expect({ method, path, authorization, status: answer.status, body: answer.body }).toEqual({
          method,
          path,
          authorization,
          status: 401,
          body: { code: 'UNAUTHORIZED', message: 'Admin token missing or wrong' },
        })
        expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="latch-admin"')
      }
    expect(await listProjects()).toEqual(before)
    expect((await call(backend, '/appkit/v1/config?projectId=latch-dev')).body).toEqual(configBefore)
  })

  it('11: gives other origins no CORS access to the admin API', async () => {
    const answer = await admin('/projects', 'GET')
    expect(answer.status).toBe(200)
    const read = await fetch(`${backend.url}/admin/api/projects`, { headers: { origin: 'https://evil.example', authorization: `Bearer ${TOKEN}` } })
    expect(read.headers.get('access-control-allow-origin')).toBeNull()
    const preflight = await fetch(`${backend.url}/admin/api/projects`, { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'DELETE' } })
    expect(preflight.status).not.toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('given bad input', () => {
  it('11: answers 400 naming the field, and changes nothing', async () => {
    const before = await listProjects()
    const refusals = [
      [await admin('/projects', 'POST', { ...SHOP, id: undefined }), "body must have required property 'id'"],
      [await admin('/projects', 'POST', { ...SHOP, id: '' }), 'body/id must NOT have fewer than 1 characters'],
      [await admin('/projects', 'POST', { ...SHOP, allowedOrigins: ['https://ok.example', 'not a url'] }), 'body/allowedOrigins/1 must be an origin such as https://shop.example or a pattern such as https://*.shop.example'],
      [await admin('/projects/latch-dev', 'PATCH', { allowedOrigins: ['*'] }), 'body/allowedOrigins/0 "*" is not accepted: it would let every site embed the wallet. List each origin (a pattern such as https://*.shop.example is fine)'],
      [await admin('/projects', 'POST', { ...SHOP, features: { swaps: 'yes' } }), 'body/features/swaps must be boolean,array'],
      [await admin('/projects/latch-dev', 'PATCH', { features: { swaps: 'yes' } }), 'body/features/swaps must be boolean,array,null'],
      [await admin('/projects', 'POST', { ...SHOP, owner: 'me' }), 'body must NOT have additional properties'],
      [await admin('/projects/latch-dev', 'PUT', { allowedOrigins: [], features: {} }), "body must have required property 'name'"],
      [await admin('/projects/latch-dev', 'PATCH', {}), 'body must NOT have fewer than 1 properties'],
      [await admin('/projects/latch-dev', 'PATCH', { allowedOrigins: 'http://localhost' }), 'body/allowedOrigins must be array'],
      [await admin('/projects/latch-dev', 'PATCH', { name: '' }), 'body/name must NOT have fewer than 1 characters'],
    ] as const
    for (const [answer, message] of refusals) expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: { code: 'INVALID_REQUEST', message } })
    expect(await listProjects()).toEqual(before)
  })
})

describe('given hostile admin bodies (seed 20261123)', () => {
  it('11: never answers 500, and a refused write changes nothing', async () => {
    const value = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom('', '*', 'not a url', 'http://localhost:*', '__proto__', 'a'.repeat(3000), null, true, []))
    const projectLike = fc.dictionary(fc.constantFrom('id', 'name', 'allowedOrigins', 'features', '__proto__', 'constructor', 'extra'), value, { maxKeys: 5 })
    const features = fc.dictionary(fc.oneof(fc.string({ maxLength: 80 }), fc.constantFrom('__proto__', 'constructor', 'swaps')), value, { maxKeys: 4 })
    const body = fc.oneof(value, projectLike, fc.record({ id: fc.constant('fuzz'), allowedOrigins: fc.array(fc.string({ maxLength: 30 }), { maxLength: 3 }), features }))
    const route = fc.constantFrom(['POST', '/projects'], ['PUT', '/projects/latch-dev'], ['PATCH', '/projects/latch-dev'], ['PUT', '/projects/%00'], ['PATCH', '/projects/__proto__'])
    await fc.assert(
      fc.asyncProperty(route, body, async ([method, path], sent) => {
        const before = await listProjects()
        const answer = await admin(path, method, sent === undefined ? null : sent)
        expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500)
        if (answer.status >= 400) expect(await listProjects()).toEqual(before)
        // Put things back for the next run: the dev project as seeded, no fuzz project.
        await server.projects.import([DEV_PROJECT])
        if (server.projects.has('fuzz')) await server.projects.delete('fuzz')
      }),
      { seed: 20261123, numRuns: 150 },
    )
  })
})

describe('given an operator with the token', () => {
  it('11: creates, reads, lists, replaces, patches and deletes a project', async () => {
    const created = await admin('/projects', 'POST', SHOP)
    expect(created).toMatchObject({ status: 201, body: SHOP })
    expect(await admin('/projects', 'POST', SHOP)).toMatchObject({ status: 409, body: { code: 'PROJECT_EXISTS', message: 'A project with the id "shop" exists' } })
    expect((await admin('/projects/shop')).body).toEqual(SHOP)
    expect((await listProjects()).projects.map((project: { id: string }) => project.id)).toEqual(['latch-dev', 'shop'])

    const replaced = { name: 'Shop', allowedOrigins: ['https://*.shop.example'], features: { onramp: true } }
    expect(await admin('/projects/shop', 'PUT', replaced)).toMatchObject({ status: 200, body: { id: 'shop', ...replaced } })
    // PATCH merges features (null removes a flag) and replaces the origin list.
    const patched = await admin('/projects/shop', 'PATCH', { features: { onramp: null, swaps: ['1inch'] }, allowedOrigins: ['https://shop.example'] })
    expect(patched).toMatchObject({ status: 200, body: { id: 'shop', name: 'Shop', allowedOrigins: ['https://shop.example'], features: { swaps: ['1inch'] } } })
    expect((await admin('/projects/shop')).body).toEqual(patched.body)

    expect((await admin('/projects/shop', 'DELETE')).status).toBe(204)
    const missing = { status: 404, body: { code: 'PROJECT_NOT_FOUND', message: 'No project with the id "shop"' } }
    expect(await admin('/projects/shop')).toMatchObject(missing)
    expect(await admin('/projects/shop', 'PUT', replaced)).toMatchObject(missing)
    expect(await admin('/projects/shop', 'PATCH', { name: 'x' })).toMatchObject(missing)
    expect(await admin('/projects/shop', 'DELETE')).toMatchObject(missing)
    expect(await call(backend, '/appkit/v1/config?projectId=shop')).toMatchObject({ status: 403, body: { code: 'INVALID_PROJECT_ID' } })
  })

  it('11: a change takes effect at once on config, origins, the analytics switch and /e', async () => {
    await admin('/projects', 'POST', { id: 'live', allowedOrigins: ['https://a.example'], features: { swaps: true } })
    const q = 'projectId=live'
    const event = { eventId: 'e-live', url: 'https://a.example/', domain: 'a.example', timestamp: 1, props: { type: 'track', event: 'MODAL_OPEN' } }
    const from = (origin: string) => ({ origin })
    expect((await call(backend, `/appkit/v1/config?${q}`)).body).toEqual({ features: { swaps: true } })
    expect((await call(backend, `/getAnalyticsConfig?${q}`, { headers: from('https://a.example') })).body).toEqual({ isAnalyticsEnabled: true })
    expect((await call(backend, `/e?${q}`, { body: event, headers: from('https://b.example') })).status).toBe(403)

    await admin('/projects/live', 'PATCH', { allowedOrigins: ['https://b.example'], features: { swaps: false, analytics: false } })
    expect((await call(backend, `/appkit/v1/config?${q}`)).body).toEqual({ features: { swaps: false, analytics: false } })
    expect((await call(backend, `/projects/v1/origins?${q}`)).body).toEqual({ allowedOrigins: ['https://b.example'] })
    expect((await call(backend, `/getAnalyticsConfig?${q}`, { headers: from('https://a.example') })).status).toBe(403)
    expect((await call(backend, `/getAnalyticsConfig?${q}`, { headers: from('https://b.example') })).body).toEqual({ isAnalyticsEnabled: false })
    expect((await call(backend, `/e?${q}`, { body: event, headers: from('https://b.example') })).status).toBe(202)
  })
})

describe('given a backend restarted on the same data folder', () => {
  it('11: generates a token into the data folder (mode 0600) once, keeps it, and keeps the projects changed through it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'latch-admin-restart-'))
    // Outside dev mode a real data folder needs the operator's master secret, kept outside it.
    const masterSecretFile = writeMasterSecretFile()
    const first = await startBackend({ dataDir, masterSecretFile })
    let token: string
    try {
      const file = join(dataDir, 'admin-token')
      expect(first.adminToken.generatedFile).toBe(file)
      token = readFileSync(file, 'utf8').trim()
      expect(token).toBe(first.adminToken.value)
      expect(token.length).toBeGreaterThanOrEqual(32)
      expect(statSync(file).mode & 0o777).toBe(0o600)
      const authorized = { authorization: `Bearer ${token}` }
      expect((await call(first, '/admin/api/projects/latch-dev', { method: 'PATCH', body: { features: { swaps: false } }, headers: authorized })).status).toBe(200)
      expect((await call(first, '/admin/api/projects', { body: SHOP, headers: authorized })).status).toBe(201)
      // The Solana WebSocket reads the allowed origins at each upgrade: an edit applies at once.
      const shopSocketUrl = first.deployment.solana.wsUrl.replace('projectId=latch-dev', 'projectId=shop')
      expect(await upgradeStatus(shopSocketUrl, 'https://shop.example')).toBe(101)
      await call(first, '/admin/api/projects/shop', { method: 'PATCH', body: { allowedOrigins: ['https://other.example'] }, headers: authorized })
      expect(await upgradeStatus(shopSocketUrl, 'https://shop.example')).toBe(403)
      const { id: _id, ...shopWithoutId } = SHOP
      expect((await call(first, '/admin/api/projects/shop', { method: 'PUT', body: shopWithoutId, headers: authorized })).status).toBe(200)
    } finally {
      await first.close()
    }

    const second = await startBackend({ dataDir, masterSecretFile })
    try {
      // The same token, read from the file: not generated again, so not printed again.
      expect(second.adminToken).toEqual({ value: token })
      expect((await call(second, '/appkit/v1/config?projectId=latch-dev')).body.features).toMatchObject({ swaps: false, onramp: true })
      expect((await call(second, '/admin/api/projects/shop', { headers: { authorization: `Bearer ${token}` } })).body).toEqual(SHOP)
      expect((await call(second, '/admin/api/projects', { headers: { authorization: 'Bearer wrong-token' } })).status).toBe(401)
    } finally {
      await second.close()
    }
  })

  it('11: takes the operator token (--admin-token) instead, writing no file, and refuses one too short', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'latch-admin-token-'))
    await expect(startBackend({ dataDir, adminToken: 'short' })).rejects.toThrow('The admin token must have at least 16 characters')
    const server = await createServer({ adminToken: TOKEN })
    try {
      const url = await server.listen(0)
      expect((await call({ url }, '/admin/api/projects', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200)
    } finally {
      await server.close()
    }
  })
})
