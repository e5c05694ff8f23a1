import { afterEach, describe, expect, it } from 'vitest'
import { createStorage } from '../../kernel/index.js'
import { localEvmNetwork } from '../../chains/networks/localNetworks.js'
import { connectTestAccount, DEAD_RPC, type TestAccount } from '../../test/support/connectTestAccount.js'
import { createMemoryStorage } from '../../test/support/createMemoryStorage.js'
import { createLocalSiwxStorage, type SiwxSession, type SiwxStorage } from './siwxStorage.js'
import { SiwxStore } from './SiwxStore.js'
import { englishOf } from '../../test/support/englishOf.js'
import type { StoreText } from '../../ui-shell/i18n/I18nStore.js'

// A real connection and wallet (it signs the message itself); the sessions in the kit's local
// storage, whose reads the test can hold, as a slow server's would be.

let account: TestAccount | undefined
afterEach(() => account?.dispose())

/** The local storage, with reads of one network held until the test releases them. */
function slowOn(storage: SiwxStorage, caipNetworkId: string) {
  const held: Array<() => void> = []
  const slow: SiwxStorage = {
    ...storage,
    get: async (chainId, address) => {
      if (chainId === caipNetworkId) await new Promise<void>((resolve) => held.push(resolve))
      return storage.get(chainId, address)
    },
  }
  return { slow, held }
}

async function setup() {
  account = await connectTestAccount()
  const local = createLocalSiwxStorage(createStorage({ backend: createMemoryStorage() }))
  const { slow, held } = slowOn(local, 'eip155:31337')
  const errors: string[] = []
  const store = new SiwxStore({
    connection: account.store,
    storage: slow,
    required: false,
    location: { host: 'app.example', origin: 'https://app.example' },
    showError: (message) => void errors.push(englishOf(message)),
    close: () => {},
    showConnect: () => {},
    showSignView: async () => {},
  })
  return { store, local, slow, held, errors }
}

describe('given sessions kept where reads are slow', () => {
  it("drops a late answer for the network the visitor has left, so the new one's state stands", async () => {
    const { store, local, held, errors } = await setup()
    // A real session on 31337: the wallet signs it.
    await store.sign()
    expect(errors).toEqual([])
    const [signed] = await local.get('eip155:31337', account!.address)
    expect(signed?.data.accountAddress).toBe(account!.address)

    // Proves the slow read reports the session while the visitor stays on 31337.
    const staying = store.check()
    held.shift()!()
    expect(await staying).toBe(true)
    expect(store.session).toEqual(signed)

    const late = store.check()
    account!.store.setActiveNetwork(localEvmNetwork(31338, DEAD_RPC))
    expect(await store.check()).toBe(false)
    expect(store.hasSession).toBe(false)
    held.shift()!()
    expect(await late).toBe(false)
    expect(store.session).toBeUndefined()
    expect(store.hasSession).toBe(false)
  })

  it("keeps the new network's session when a sign-out of the old one finishes late", async () => {
    const { store, local, slow } = await setup()
    const session = (chainId: string): SiwxSession => ({
      data: { accountAddress: account!.address, chainId, domain: 'app.example', uri: 'https://app.example', nonce: 'n', issuedAt: new Date().toISOString() },
      message: 'm',
      signature: '0x',
    })
    await local.add(session('eip155:31337'))
    await local.add(session('eip155:31338'))
    let releaseDelete: (() => void) | undefined
    const deleteOf = local.delete
    slow.delete = async (chainId, address) => (await new Promise<void>((resolve) => (releaseDelete = resolve)), deleteOf(chainId, address))
    const signingOut = store.signOut()
    account!.store.setActiveNetwork(localEvmNetwork(31338, DEAD_RPC))
    expect(await store.check()).toBe(true)
    releaseDelete!()
    await signingOut
    expect(store.session?.data.chainId).toBe('eip155:31338')
  })
})

describe('given a session storage that fails or an account that changes while signing', () => {
  const deps = (storage: SiwxStorage, close: () => void = () => {}) => ({
    connection: account!.store,
    storage,
    required: true,
    location: { host: 'app.example', origin: 'https://app.example' },
    showError: () => {},
    close,
    showConnect: () => {},
    showSignView: async () => {},
  })

  it('reads a failing storage as no session, without an unhandled rejection', async () => {
    const { local } = await setup()
    const store = new SiwxStore(deps({ ...local, get: () => Promise.reject(new Error('the host server answered 500')) }))
    expect(await store.check()).toBe(false)
    expect(store.hasSession).toBe(false)
  })

  it('does not sign the new network in with the signature made for the one the visitor left', async () => {
    const { local } = await setup()
    let addCalled!: () => void
    const adding = new Promise<void>((resolve) => (addCalled = resolve))
    let release!: () => void
    const closed: string[] = []
    // Saving the session waits, as a slow server's would; the visitor switches network meanwhile.
    const slowAdd: SiwxStorage = {
      ...local,
      add: async (session) => {
        addCalled()
        await new Promise<void>((resolve) => (release = resolve))
        return local.add(session)
      },
    }
    const store = new SiwxStore(deps(slowAdd, () => void closed.push('closed')))
    const signing = store.sign()
    await adding
    account!.store.setActiveNetwork(localEvmNetwork(31338, DEAD_RPC))
    release()
    await signing
    // Saved for 31337, which signed; not 31338's session, and the required prompt stays open.
    expect((await local.get('eip155:31337', account!.address)).length).toBe(1)
    expect(store.session).toBeUndefined()
    expect(closed).toEqual([])
  })
})

describe('given a wallet that disconnected while the sign view was open', () => {
  it('issue 30: says so by the error (its code), which the visitor’s catalogue translates, not by its English sentence', async () => {
    account = await connectTestAccount()
    const said: StoreText[] = []
    const store = new SiwxStore({
      connection: account.store,
      storage: createLocalSiwxStorage(createStorage({ backend: createMemoryStorage() })),
      required: false,
      location: { host: 'app.example', origin: 'https://app.example' },
      showError: (message) => void said.push(message),
      close: () => {},
      showConnect: () => {},
      showSignView: async () => {},
    })
    await account.store.disconnect()
    await store.sign()
    expect(said).toMatchObject([{ code: 'KIT_SIWX_NO_ACCOUNT', shortMessage: 'No ActiveCaipAddress found' }])
  })
})
