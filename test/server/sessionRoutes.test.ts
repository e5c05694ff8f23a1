import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mnemonicToAccount } from 'viem/accounts'
import { createServer, type LatchServer } from '../../server/createServer.js'
import { call, DEV_MNEMONIC } from './support.js'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'

let backend: RunningBackend
const q = 'projectId=latch-dev'
const owner = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 2 })
const stranger = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 7 })

beforeAll(async () => {
  backend = await startBackend()
})
afterAll(() => backend?.close())

async function grant(signer = owner, expiry = Math.floor(Date.now() / 1000) + 3600) {
  const message = JSON.stringify({ chainId: 'eip155:31337', expiry, permissions: [{ type: 'native-token-recurring-allowance', data: { allowance: '0x1' } }] })
  return call(backend, `/v1/sessions/${owner.address}?${q}`, { body: { message, signature: await signer.signMessage({ message }) } })
}

describe('given a session granted by its address', () => {
  it('is listed, and revoked only with the owner signature of its pci', async () => {
    const created = await grant()
    expect(created.status).toBe(200)
    const { pci } = created.body
    const listed = await call(backend, `/v1/sessions/${owner.address.toLowerCase()}?${q}`)
    expect(listed.body.pcis).toEqual([expect.objectContaining({ pci, chainId: 'eip155:31337', revokedAt: null, project: { id: 'latch-dev' } })])

    const forged = await call(backend, `/v1/sessions/${owner.address}/revoke?${q}`, { body: { pci, signature: await stranger.signMessage({ message: pci }) } })
    expect(forged).toMatchObject({ status: 401, body: { code: 'INVALID_SIGNATURE' } })
    expect((await call(backend, `/v1/sessions/${owner.address}?${q}`)).body.pcis[0].revokedAt).toBeNull()

    const revoked = await call(backend, `/v1/sessions/${owner.address}/revoke?${q}`, { body: { pci, signature: await owner.signMessage({ message: pci }) } })
    expect(revoked).toMatchObject({ status: 200, body: { success: true } })
    expect((await call(backend, `/v1/sessions/${owner.address}?${q}`)).body.pcis[0].revokedAt).toEqual(expect.any(Number))
    const twice = await call(backend, `/v1/sessions/${owner.address}/revoke?${q}`, { body: { pci, signature: await owner.signMessage({ message: pci }) } })
    expect(twice.status).toBe(409)
  })

  it('refuses a grant signed by someone else or already expired', async () => {
    expect((await grant(stranger)).status).toBe(401)
    expect((await grant(owner, 1000)).body).toMatchObject({ code: 'INVALID_MESSAGE', message: 'message/expiry must be a future unix time within 30 days' })
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
