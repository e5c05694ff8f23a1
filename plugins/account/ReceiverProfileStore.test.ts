import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mnemonicToAccount } from 'viem/accounts'
import { createStorage } from '../../kernel/index.js'
import { isNamespaceAddress } from '../../chains/caip/isNamespaceAddress.js'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { createHttpClient } from '../../ui-shell/services/createHttpClient.js'
import { call, DEV_MNEMONIC } from '../../test/server/support.js'
import { createMemoryStorage } from '../../test/support/createMemoryStorage.js'
import { ACCOUNT_STORAGE } from './accountStorage.js'
import { fetchIdentity } from './fetchIdentity.js'
import { fetchNameAddress } from './fetchNameAddress.js'
import { ReceiverProfileStore } from './ReceiverProfileStore.js'

// The lookup against the reference backend's name service, with a name registered by a real signature.
const owner = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 9 })
const stranger = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 10 }).address
const AVATAR = 'https://example.test/lantern.png'
let backend: RunningBackend

beforeAll(async () => {
  backend = await startBackend({ nameSuffix: '.reown.id' })
  const message = JSON.stringify({ name: 'lantern-keeper', attributes: { avatar: AVATAR }, timestamp: Math.floor(Date.now() / 1000) })
  const body = { coin_type: (0x80000000 | 31337) >>> 0, address: owner.address, message, signature: await owner.signMessage({ message }) }
  expect((await call(backend, '/v1/profile/account?projectId=latch-dev', { body })).status).toBe(200)
}, 180_000)
afterAll(() => backend?.close())

function createStore() {
  const blockchain = createHttpClient({ baseUrl: backend.url, projectId: 'latch-dev' })
  const calls: string[] = []
  const saved = createMemoryStorage()
  const cache = createStorage({ backend: saved })
  cache.define(ACCOUNT_STORAGE)
  const store = new ReceiverProfileStore({
    resolveName: (name) => (calls.push(`name ${name}`), fetchNameAddress(blockchain, name)),
    fetchIdentity: (address) => (calls.push(`identity ${address}`), fetchIdentity(blockchain, address)),
    cache,
    isAddress: async (namespace, value) => isNamespaceAddress(namespace, value),
    debounceMs: 20,
  })
  return { store, calls, saved }
}

describe('the receiver profile on Send', () => {
  it('finds the address and avatar of a registered name, once, however fast the visitor types', async () => {
    const { store, calls } = createStore()
    for (let end = 1; end <= 'lantern-keeper.reown.id'.length; end++) store.lookup('eip155', 'lantern-keeper.reown.id'.slice(0, end))
    await expect.poll(() => store.profileFor('lantern-keeper.reown.id'), { timeout: 10_000 }).toEqual({
      input: 'lantern-keeper.reown.id',
      address: owner.address,
      name: 'lantern-keeper.reown.id',
      avatar: AVATAR,
    })
    expect(calls).toEqual(['name lantern-keeper.reown.id', `identity ${owner.address}`])
  })

  it("shows the name registered for a typed address (reverse lookup), and none for a stranger's", async () => {
    const { store } = createStore()
    store.lookup('eip155', owner.address)
    await expect.poll(() => store.profileFor(owner.address)?.name, { timeout: 10_000 }).toBe('lantern-keeper.reown.id')
    store.lookup('eip155', stranger)
    await expect.poll(() => store.profileFor(stranger), { timeout: 10_000 }).toEqual({ input: stranger, address: stranger, name: undefined, avatar: undefined })
  })

  it('answers an unregistered name with no profile, and never looks names up on Solana (SPEC §9: eip155 only)', async () => {
    const { store, calls } = createStore()
    store.lookup('eip155', 'nobody-here.reown.id')
    await expect.poll(() => store.isLooking, { timeout: 10_000 }).toBe(false)
    expect(store.profile).toBeUndefined()
    expect(calls).toEqual(['name nobody-here.reown.id'])

    store.lookup('solana', 'lantern-keeper.reown.id')
    expect(store.isLooking).toBe(false)
    expect(calls).toEqual(['name nobody-here.reown.id'])
  })

  it('reads a second lookup of the same name from the 5-minute ENS cache, kept apart from the identity cache', async () => {
    const { store, calls, saved } = createStore()
    store.lookup('eip155', 'lantern-keeper')
    await expect.poll(() => store.profileFor('lantern-keeper')?.address, { timeout: 10_000 }).toBe(owner.address)
    store.lookup('eip155', '')
    store.lookup('eip155', 'lantern-keeper')
    await expect.poll(() => store.profileFor('lantern-keeper')?.address, { timeout: 10_000 }).toBe(owner.address)
    expect(calls).toEqual(['name lantern-keeper', `identity ${owner.address}`])
    expect(Object.keys(JSON.parse(saved.getItem('@latch/ensCache')!))).toEqual(['lantern-keeper'])
    expect(Object.keys(JSON.parse(saved.getItem('@latch/identityCache')!))).toEqual([owner.address])
  })
})
