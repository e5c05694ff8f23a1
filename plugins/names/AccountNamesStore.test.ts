import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { createHttpClient } from '../../ui-shell/services/createHttpClient.js'
import { AccountNamesStore } from './AccountNamesStore.js'
import { fetchAccountNames } from './fetchAccountNames.js'
import { englishOf } from '../../test/support/englishOf.js'

let backend: RunningBackend
beforeAll(async () => {
  backend = await startBackend()
}, 180_000)
afterAll(async () => {
  await backend?.close()
})

describe('AccountNamesStore over the reverse lookup', () => {
  it('knows an address without a name, and one with the name it just registered', async () => {
    const client = createHttpClient({ baseUrl: backend.url, projectId: 'latch-dev' })
    const errors: string[] = []
    let lookups = 0
    const store = new AccountNamesStore({ fetchNames: (address) => (lookups++, fetchAccountNames(client, address)), showError: (m) => void errors.push(englishOf(m)) })
    const address = privateKeyToAccount(generatePrivateKey()).address
    expect(store.namesOf(address)).toBeUndefined()
    await Promise.all([store.load(address), store.load(address)])
    expect(store.namesOf(address)).toEqual([])
    expect(lookups).toBe(1)
    store.addName(address, 'someone.reown.id')
    expect(store.namesOf(address.toLowerCase())).toEqual(['someone.reown.id'])
    expect(errors).toEqual([])
  })

  it("a failed lookup says 'Error fetching names for address' and leaves the address unknown", async () => {
    const errors: string[] = []
    const store = new AccountNamesStore({
      fetchNames: (address) => fetchAccountNames(createHttpClient({ baseUrl: 'http://127.0.0.1:9' }), address),
      showError: (m) => void errors.push(englishOf(m)),
    })
    await store.load('0x0000000000000000000000000000000000000001')
    expect(errors).toEqual(['Error fetching names for address'])
    expect(store.namesOf('0x0000000000000000000000000000000000000001')).toBeUndefined()
  })

  it('a garbage answer (not a list) counts as a failed lookup, never as "no name"', async () => {
    const errors: string[] = []
    const store = new AccountNamesStore({
      fetchNames: (address) =>
        fetchAccountNames({ baseUrl: '', url: () => '', get: async () => ({ oops: true }) as never, post: async () => undefined as never, getBlob: async () => new Blob() }, address),
      showError: (m) => void errors.push(englishOf(m)),
    })
    await store.load('0x0000000000000000000000000000000000000002')
    expect(errors).toEqual(['Error fetching names for address'])
    expect(store.namesOf('0x0000000000000000000000000000000000000002')).toBeUndefined()
  })
})
