import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mnemonicToAccount } from 'viem/accounts'
import { createServer, type LatchServer } from '../../server/createServer.js'
import { call, DEV_MNEMONIC } from './support.js'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { testDatabaseUrl } from '../support/testDatabase.js'

let backend: RunningBackend
const q = 'projectId=latch-dev'
const owner = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 2 })
const stranger = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 7 })

beforeAll(async () => {
  backend = await startBackend({ databaseUrl: await testDatabaseUrl() })
})
afterAll(() => backend?.close())

function grantMessage({ expiry = Math.floor(Date.now() / 1000) + 3600, projectId = 'latch-dev', nonce = crypto.randomUUID() } = {}) {
  return JSON.stringify({ projectId, chainId: 'eip155:31337', expiry, permissions: [{ type: 'native-token-recurring-allowance', data: { allowance: '0x1' } }], nonce })
}

async function grant(signer = owner, expiry?: number) {
  const message = grantMessage({ expiry })
  return call(backend, `/v1/sessions/${owner.address}?${q}`, { body: { message, signature: await signer.signMessage({ message }) } })
}

const revokeMessage = (pci: string) => `Revoke Latch session ${pci}`

describe('given a session granted by its address', () => {
  it('is listed, and revoked only with the owner signature of "Revoke Latch session <pci>"', async () => {
    const created = await grant()
    expect(created.status).toBe(200)
    const { pci } = created.body
    const listed = await call(backend, `/v1/sessions/${owner.address.toLowerCase()}?${q}`)
    expect(listed.body.pcis).toEqual([expect.objectContaining({ pci, chainId: 'eip155:31337', revokedAt: null, project: { id: 'latch-dev' } })])

    const forged = await call(backend, `/v1/sessions/${owner.address}/revoke?${q}`, { body: { pci, signature: await stranger.signMessage({ message: revokeMessage(pci) }) } })
    expect(forged).toMatchObject({ status: 401, body: { code: 'INVALID_SIGNATURE' } })
    expect((await call(backend, `/v1/sessions/${owner.address}?${q}`)).body.pcis[0].revokedAt).toBeNull()
    // 16: AppKit asks by CAIP-10 account.
    expect((await call(backend, `/v1/sessions/eip155:31337:${owner.address}?${q}`)).body.pcis[0].pci).toBe(pci)

    const revoked = await call(backend, `/v1/sessions/${owner.address}/revoke?${q}`, { body: { pci, signature: await owner.signMessage({ message: revokeMessage(pci) }) } })
    expect(revoked).toMatchObject({ status: 200, body: { success: true } })
    expect((await call(backend, `/v1/sessions/${owner.address}?${q}`)).body.pcis[0].revokedAt).toEqual(expect.any(Number))
    const twice = await call(backend, `/v1/sessions/${owner.address}/revoke?${q}`, { body: { pci, signature: await owner.signMessage({ message: revokeMessage(pci) }) } })
    expect(twice.status).toBe(409)
  })

  it('refuses a grant signed by someone else or already expired', async () => {
    expect((await grant(stranger)).status).toBe(401)
    expect((await grant(owner, 1000)).body).toMatchObject({ code: 'INVALID_MESSAGE', message: 'message/expiry must be a future unix time within 30 days' })
  })

  it('S4: accepts a signed grant once: a replay creates no second session', async () => {
    const message = grantMessage()
    const body = { message, signature: await owner.signMessage({ message }) }
    const first = await call(backend, `/v1/sessions/${owner.address}?${q}`, { body })
    expect(first.status).toBe(200)
    const count = async () => (await backend.storage.db.selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('n')).where('address', '=', owner.address).executeTakeFirstOrThrow()).n
    const before = await count()
    const replay = await call(backend, `/v1/sessions/${owner.address}?${q}`, { body })
    expect(replay).toMatchObject({ status: 409, body: { code: 'GRANT_ALREADY_USED', message: 'this signed grant was already recorded: sign a new nonce' } })
    expect(await count()).toEqual(before)
  })

  it('28: of 50 concurrent posts of one signed grant, one records it and 49 hear GRANT_ALREADY_USED', async () => {
    const message = grantMessage()
    const body = { message, signature: await owner.signMessage({ message }) }
    const answers = await Promise.all(Array.from({ length: 50 }, () => call(backend, `/v1/sessions/${owner.address}?${q}`, { body })))
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1)
    expect(answers.filter((answer) => answer.status === 409 && answer.body.code === 'GRANT_ALREADY_USED')).toHaveLength(49)
  })

  it('S4: binds a grant to the projectId it was signed for and requires a nonce', async () => {
    const message = grantMessage({ projectId: 'another-project' })
    const other = await call(backend, `/v1/sessions/${owner.address}?${q}`, { body: { message, signature: await owner.signMessage({ message }) } })
    expect(other).toMatchObject({ status: 400, body: { code: 'INVALID_MESSAGE', message: 'message/projectId must be the projectId of the request' } })
    const bare = JSON.stringify({ projectId: 'latch-dev', chainId: 'eip155:31337', expiry: Math.floor(Date.now() / 1000) + 60, permissions: [] })
    const noNonce = await call(backend, `/v1/sessions/${owner.address}?${q}`, { body: { message: bare, signature: await owner.signMessage({ message: bare }) } })
    expect(noNonce.body).toEqual({ code: 'INVALID_MESSAGE', message: 'message/nonce must be a string of 8 to 128 characters' })
  })

  it('S4: refuses a revoke signed over the bare pci', async () => {
    const { pci } = (await grant()).body
    const bare = await call(backend, `/v1/sessions/${owner.address}/revoke?${q}`, { body: { pci, signature: await owner.signMessage({ message: pci }) } })
    expect(bare).toMatchObject({ status: 401, body: { code: 'INVALID_SIGNATURE' } })
  })

  it('lists nothing for an address without sessions', async () => {
    expect((await call(backend, `/v1/sessions/${stranger.address}?${q}`)).body).toEqual({ pcis: [] })
  })
})

describe('given a backend built without chains', () => {
  let server: LatchServer
  let url: string
  beforeAll(async () => {
    server = await createServer()
    url = await server.listen(0)
  })
  afterAll(() => server?.close())

  it('serves the catalogue but not the blockchain routes', async () => {
    expect((await call({ url }, `/getWallets?${q}&entries=1`)).body.count).toBe(300)
    expect((await call({ url }, `/v1/sessions/${owner.address}?${q}`)).status).toBe(404)
  })
})
