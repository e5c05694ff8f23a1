import { mkdtempSync, rmSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toHex, verifyMessage, type Hex } from 'viem'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import type { Deployment } from '../../server/plugins/services/Deployment.js'
import { freshDeviceId, freshEmail, logInThroughApi, siteCall } from './secureSiteSupport.js'
import { call } from './support.js'
import { testDatabaseKind, testDatabaseUrl } from '../support/testDatabase.js'

// Issue 31, shared secrets: instances behind one balancer share the database, so they must share
// the secrets too, from configuration (LATCH_MASTER_SECRET, LATCH_ADMIN_TOKEN), not from a file
// each data folder makes for itself. A session and a key made through instance A work through B;
// an instance with another master secret opens neither, and takes no other admin token.
// On SQLite the instances share the data folder's file; on Postgres the database, each with its own folder.
const SECRETS = { masterSecret: randomBytes(32).toString('base64'), adminToken: `cluster-admin-${randomBytes(12).toString('hex')}` }
const folders: string[] = []
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'latch-shared-secrets-'))
  folders.push(dir)
  return dir
}

let a: RunningBackend
let b: RunningBackend
let other: RunningBackend<Deployment>

beforeAll(async () => {
  const databaseUrl = await testDatabaseUrl()
  const first = folder()
  const shared = () => (testDatabaseKind() === 'sqlite' ? first : folder())
  // Whole keys: the server signs, so a key sealed by A's secret is opened by B's without a frame.
  const options = { databaseUrl, dev: true, rateLimit: false as const, keyShares: false }
  a = await startBackend({ ...options, dataDir: first, ...SECRETS })
  b = await startBackend({ ...options, dataDir: shared(), ...SECRETS })
  // The negative control: the same database, secrets of its own. No chains: it never gets as far as one.
  other = await startBackend({ ...options, dataDir: shared(), localChains: false, masterSecret: randomBytes(32).toString('base64'), adminToken: `other-admin-${randomBytes(12).toString('hex')}` })
}, 180_000)
afterAll(async () => {
  await other?.close()
  await b?.close()
  await a?.close()
  for (const dir of folders) rmSync(dir, { recursive: true, force: true })
})

const adminList = (on: { url: string }, token: string) => call(on, '/admin/api/projects', { headers: { authorization: `Bearer ${token}` } })

describe('given two instances on one database with the same configured secrets', () => {
  it('signs through B with the session and the key an email login made through A', async () => {
    const session = await logInThroughApi(a.secureSiteUrl, a, freshEmail('cluster'), freshDeviceId())
    const message = 'signed on the other instance'
    const signed = await siteCall(b.secureSiteUrl, '/api/sign', { token: session.token, body: { chainId: 'eip155:31337', method: 'personal_sign', params: [toHex(message), session.user.evmAddress] } })
    expect(signed.status).toBe(200)
    expect(await verifyMessage({ address: session.user.evmAddress, message, signature: signed.body.result as Hex })).toBe(true)

    // An instance with another master secret takes neither the session nor (had it a chain) the key.
    expect(await siteCall(other.secureSiteUrl, '/api/user', { token: session.token })).toMatchObject({ status: 401 })
  })

  it('takes the configured admin token on both, and an instance with its own token refuses it', async () => {
    for (const on of [a, b]) expect((await adminList(on, SECRETS.adminToken)).status).toBe(200)
    expect((await adminList(other, SECRETS.adminToken)).status).toBe(401)
    expect((await adminList(other, other.adminToken.value)).status).toBe(200)
  })
})
