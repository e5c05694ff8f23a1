import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mnemonicToAccount } from 'viem/accounts'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { call, DEV_MNEMONIC } from './support.js'
import { testDatabaseUrl } from '../support/testDatabase.js'

let backend: RunningBackend
const q = 'projectId=latch-dev'
const alice = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 5 })
const mallory = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 6 })
// ENSIP-11 coin type of chain 31337, as the kit computes it.
const coinType = (0x80000000 | 31337) >>> 0

beforeAll(async () => {
  // Run twice by `npm test`: on SQLite, and on a Postgres database of the run's cluster.
  backend = await startBackend({ nameSuffix: '.reown.id', databaseUrl: await testDatabaseUrl() })
})
afterAll(() => backend?.close())

async function register(signer: typeof alice, name: string, claimedAddress = signer.address, timestamp = Math.floor(Date.now() / 1000)) {
  const message = JSON.stringify({ name, attributes: {}, timestamp })
  const signature = await signer.signMessage({ message })
  return call(backend, `/v1/profile/account?${q}`, { body: { coin_type: coinType, address: claimedAddress, message, signature } })
}

describe('given a name registered with a valid signature', () => {
  it('resolves by name and by address, and shows as the identity', async () => {
    const registered = await register(alice, 'alice-latch.reown.id')
    expect(registered).toMatchObject({ status: 200, body: { success: true, name: 'alice-latch.reown.id' } })

    const lookup = await call(backend, `/v1/profile/account/alice-latch.reown.id?${q}&apiVersion=2`)
    expect(lookup.body).toMatchObject({ name: 'alice-latch.reown.id', addresses: { [String(coinType)]: { address: alice.address } }, attributes: {} })
    const reverse = await call(backend, `/v1/profile/reverse/${alice.address.toLowerCase()}?${q}&apiVersion=2`)
    expect(reverse.body.map((profile: { name: string }) => profile.name)).toEqual(['alice-latch.reown.id'])
    const identity = await call(backend, `/v1/identity/${alice.address}?${q}`)
    expect(identity.body).toEqual({ name: 'alice-latch.reown.id', avatar: null })
    // The legacy suffix names the same label (SPEC §9); another zone does not.
    const legacy = await call(backend, `/v1/profile/account/alice-latch.wcn.id?${q}&apiVersion=2`)
    expect(legacy.body).toMatchObject({ name: 'alice-latch.reown.id', addresses: { [String(coinType)]: { address: alice.address } } })
    expect((await call(backend, `/v1/profile/account/alice-latch.eth?${q}&apiVersion=2`)).status).toBe(404)
  })

  it("serves the avatar the owner set as the identity's avatar", async () => {
    const carol = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 8 })
    const message = JSON.stringify({ name: 'carol-latch', attributes: { avatar: 'https://example.test/carol.png' }, timestamp: Math.floor(Date.now() / 1000) })
    const signature = await carol.signMessage({ message })
    expect((await call(backend, `/v1/profile/account?${q}`, { body: { coin_type: coinType, address: carol.address, message, signature } })).status).toBe(200)
    const identity = await call(backend, `/v1/identity/${carol.address}?${q}`)
    expect(identity.body).toEqual({ name: 'carol-latch.reown.id', avatar: 'https://example.test/carol.png' })
  })

  it('marks the taken name in suggestions and refuses it to someone else', async () => {
    const suggestions = await call(backend, `/v1/profile/suggestions/alice-latch?${q}&zone=reown.id`)
    expect(suggestions.body.suggestions[0]).toEqual({ name: 'alice-latch.reown.id', registered: true })
    expect(suggestions.body.suggestions[1]).toEqual({ name: 'alice-latch-wallet.reown.id', registered: false })
    const again = await register(mallory, 'alice-latch')
    expect(again).toMatchObject({ status: 409, body: { code: 'NAME_TAKEN', reasons: [{ description: 'alice-latch.reown.id is already registered' }] } })
  })
})

describe('given registrations with unusual attributes', () => {
  const registerWith = async (name: string, attributes: string) => {
    // Written by hand: numbers like 1e20 grow when stored as JSON (100000000000000000000).
    const message = `{"name":"${name}","attributes":${attributes},"timestamp":${Math.floor(Date.now() / 1000)}}`
    return call(backend, `/v1/profile/account?${q}`, { body: { coin_type: coinType, address: mallory.address, message, signature: await mallory.signMessage({ message }) } })
  }

  it('R1: refuses attributes that are not strings, so no lookup ever fails on what was stored', async () => {
    const numbers = `{${Array.from({ length: 150 }, (_, index) => `"k${index}":1e20`).join(',')}}`
    const refused = await registerWith('numbers-name', numbers)
    expect(refused).toMatchObject({ status: 400, body: { code: 'INVALID_ATTRIBUTES', message: 'message/attributes must map names to strings' } })
    expect((await call(backend, `/v1/profile/account/numbers-name?${q}`)).status).toBe(404)
    expect((await call(backend, `/v1/profile/reverse/${mallory.address}?${q}`)).status).toBe(200)
  })

  it('R1: stores long string attributes whole', async () => {
    const bio = 'b'.repeat(1800)
    expect((await registerWith('long-bio-name', JSON.stringify({ bio }))).status).toBe(200)
    const { status, body } = await call(backend, `/v1/profile/account/long-bio-name?${q}`)
    expect(status).toBe(200)
    expect(body.attributes).toEqual({ bio })
  })
})

describe('given name suggestions for a zone', () => {
  it('C3: suggests names under our zone only', async () => {
    const ours = await call(backend, `/v1/profile/suggestions/zoned?${q}&zone=reown.id`)
    expect(ours.body.suggestions[0]).toEqual({ name: 'zoned.reown.id', registered: false })
    expect((await call(backend, `/v1/profile/suggestions/zoned?${q}`)).body).toEqual(ours.body)
    expect((await call(backend, `/v1/profile/suggestions/zoned?${q}&zone=other.id`)).body).toEqual({ suggestions: [] })
  })
})

describe('given a call without projectId (C1, SPEC §7: every call carries projectId)', () => {
  it('C1: refuses the name, identity and on-ramp routes with a 400 naming projectId, storing nothing', async () => {
    const missing = { code: 'INVALID_REQUEST', message: "querystring must have required property 'projectId'" }
    for (const path of [`/v1/profile/account/alice-latch.reown.id?apiVersion=2`, `/v1/profile/reverse/${alice.address}`, '/v1/profile/suggestions/alice', `/v1/identity/${alice.address}`])
      expect(await call(backend, path), path).toEqual(expect.objectContaining({ status: 400, body: missing }))
    const quote = { purchaseCurrency: { id: 'USDC' }, paymentCurrency: { id: 'USD' }, amount: 100, network: 'latch-local' }
    expect(await call(backend, '/v1/onramp/quote', { body: quote })).toMatchObject({ status: 400, body: missing })
    expect(await call(backend, '/v1/generators/onrampurl', { body: { destinationWallets: [{ address: alice.address }] } })).toMatchObject({ status: 400, body: missing })
    const message = JSON.stringify({ name: 'no-project-name', attributes: {}, timestamp: Math.floor(Date.now() / 1000) })
    const body = { coin_type: coinType, address: mallory.address, message, signature: await mallory.signMessage({ message }) }
    expect(await call(backend, '/v1/profile/account', { body })).toMatchObject({ status: 400, body: missing })
    expect((await call(backend, `/v1/profile/account/no-project-name?${q}`)).status).toBe(404)
  })
})

describe('given a registration that is not signed by the address', () => {
  it('refuses it and stores nothing', async () => {
    const forged = await register(mallory, 'bob-latch', alice.address)
    expect(forged).toMatchObject({ status: 401, body: { code: 'INVALID_SIGNATURE', message: 'signature does not match address' } })
    expect((await call(backend, `/v1/profile/account/bob-latch.reown.id?${q}`)).status).toBe(404)
    expect((await call(backend, `/v1/profile/reverse/${alice.address}?${q}`)).body).toHaveLength(1)
  })

  it('refuses a stale message, a short name and a non-JSON message', async () => {
    expect((await register(alice, 'carol-latch', alice.address, 1_000_000)).body.code).toBe('MESSAGE_EXPIRED')
    expect((await register(alice, 'abc')).body.code).toBe('INVALID_NAME')
    const signature = await alice.signMessage({ message: 'hello' })
    const notJson = await call(backend, `/v1/profile/account?${q}`, { body: { coin_type: coinType, address: alice.address, message: 'hello', signature } })
    expect(notJson).toMatchObject({ status: 400, body: { code: 'INVALID_MESSAGE' } })
  })

  it('names the field when the body is malformed', async () => {
    const bad = await call(backend, `/v1/profile/account?${q}`, { body: { coin_type: -1, address: alice.address, message: '{}', signature: '0x00' } })
    expect(bad).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST', message: 'body/coin_type must be >= 0' } })
  })
})
