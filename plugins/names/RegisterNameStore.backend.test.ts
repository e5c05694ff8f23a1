import { when } from 'mobx'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { createHttpClient } from '../../ui-shell/services/createHttpClient.js'
import { RegisterNameStore, type NameSession } from './RegisterNameStore.js'
import { fetchAccountNames } from './fetchAccountNames.js'
import { fetchNameSuggestions } from './fetchNameSuggestions.js'
import { postAccountName } from './postAccountName.js'
import { NameRules } from './validateAccountName.js'
import { englishOf } from '../../test/support/englishOf.js'
import en from './locales/en.json'

// The registration against the reference backend: a real viem account signs, the server checks
// the signature and stores the name, and its identity and reverse routes then answer with it.
let backend: RunningBackend
beforeAll(async () => {
  backend = await startBackend()
}, 180_000)
afterAll(async () => {
  await backend?.close()
})

const WAIT = { timeout: 10_000 }
let names = 0
/** A name nobody registered yet in this run. */
const freshLabel = () => `latch-${Date.now().toString(36)}-${++names}`

function setup({ session, blockchainUrl }: { session?: Partial<NameSession>; blockchainUrl?: string } = {}) {
  const account = privateKeyToAccount(generatePrivateKey())
  const client = createHttpClient({ baseUrl: blockchainUrl ?? backend.url, projectId: 'latch-dev' })
  const signed: string[] = []
  const registered: Array<{ name: string; address: string }> = []
  const store = new RegisterNameStore({
    session: () => ({ network: { chainNamespace: 'eip155', id: 31337 }, address: account.address, viaAuthConnector: true, ...session }),
    suggest: (label, signal) => fetchNameSuggestions(client, label, signal),
    sign: async (message) => (signed.push(message), account.signMessage({ message })),
    register: (name, body) => postAccountName(client, name, body),
    onRegistered: (entry) => void registered.push(entry),
    debounceMs: 0,
  })
  return { store, account, client, signed, registered }
}

const identityOf = async (address: string) => (await fetch(`${backend.url}/v1/identity/${address}?projectId=latch-dev`)).json() as Promise<{ name: string | null }>

describe('given an account the embedded wallet connected on 31337', () => {
  it('registers the typed name: the signed message is { name, attributes, timestamp }, the server verifies it and serves it back', async () => {
    const { store, account, client, signed, registered } = setup()
    const label = freshLabel()
    store.setInput(label)
    expect(store.canRegister).toBe(true)
    await store.register()
    expect(store.error).toBeUndefined()
    expect(registered).toEqual([{ name: `${label}.reown.id`, address: account.address }])
    expect(JSON.parse(signed[0]!)).toEqual({ name: `${label}.reown.id`, attributes: {}, timestamp: expect.any(Number) })
    expect((await identityOf(account.address)).name).toBe(`${label}.reown.id`)
    expect(await fetchAccountNames(client, account.address)).toEqual([`${label}.reown.id`])
    // The form is fresh for the next time.
    expect(store.input).toBe('')
  })

  it("shows suggestions as the visitor types, each marked available or taken, and the typed name as taken", async () => {
    const first = setup()
    const label = freshLabel()
    first.store.setInput(label)
    await first.store.register()
    const { store } = setup()
    store.setInput(label)
    await when(() => store.visibleSuggestions.length > 0, WAIT)
    expect(store.visibleSuggestions[0]).toEqual({ name: `${label}.reown.id`, registered: true })
    expect(store.visibleSuggestions.slice(1).every((suggestion) => !suggestion.registered)).toBe(true)
    expect(store.visibleSuggestions.map((suggestion) => suggestion.name)).toContain(`${label}-wallet.reown.id`)
    expect(store.isTaken).toBe(true)
  })

  it("a taken name is refused with the server's first reason, and the form keeps the name", async () => {
    const owner = setup()
    const label = freshLabel()
    owner.store.setInput(label)
    await owner.store.register()
    const { store, account, registered } = setup()
    store.setInput(label.toUpperCase())
    await store.register()
    expect(englishOf(store.error!, en)).toBe(`${label}.reown.id is already registered`)
    expect(store.input).toBe(label.toUpperCase())
    expect(store.isRegistering).toBe(false)
    expect(registered).toEqual([])
    expect((await identityOf(account.address)).name).toBeNull()
  })

  it.each([
    ['abc', NameRules.tooShort],
    ['bad name', NameRules.characters],
    ['ali_ce', NameRules.characters],
  ])('%j breaks a rule: the rule shows as it is typed, and Register signs nothing', async (input, rule) => {
    const { store, signed } = setup()
    store.setInput(input)
    expect(englishOf(store.rule!, en)).toBe(rule)
    expect(store.canRegister).toBe(false)
    await store.register()
    expect(englishOf(store.error!, en)).toBe(rule)
    expect(signed).toEqual([])
  })
})

describe('given a session SPEC §5 refuses', () => {
  it.each([
    ['no active network', { network: undefined }, 'Network not found'],
    ['an address without the AUTH connector', { viaAuthConnector: false }, 'Address or auth connector not found'],
    ['no address', { address: undefined }, 'Address or auth connector not found'],
    ['chain id 2147483648', { network: { chainNamespace: 'eip155', id: 2147483648 } }, 'Invalid chainId'],
  ] as Array<[string, Partial<NameSession>, string]>)('%s: %j, nothing signed', async (_case, session, message) => {
    const { store, signed, registered } = setup({ session })
    store.setInput(freshLabel())
    await store.register()
    expect(englishOf(store.error!, en)).toBe(message)
    expect(signed).toEqual([])
    expect(registered).toEqual([])
  })

  it('the largest chain id with a coin type, 2147483647, is accepted by the rule and by the server', async () => {
    const { store, registered } = setup({ session: { network: { chainNamespace: 'eip155', id: 2147483647 } } })
    store.setInput(freshLabel())
    await store.register()
    expect(store.error).toBeUndefined()
    expect(registered).toHaveLength(1)
  })
})

describe('given a blockchain service that does not answer', () => {
  // A port nothing listens on: the fetch fails as it would with the service down.
  const deadUrl = 'http://127.0.0.1:9'

  it("suggestions fail with 'Error fetching name suggestions'", async () => {
    const { store } = setup({ blockchainUrl: deadUrl })
    store.setInput('alice')
    await when(() => store.suggestionsError !== undefined, WAIT)
    expect(englishOf(store.suggestionsError!, en)).toBe('Error fetching name suggestions')
    expect(store.visibleSuggestions).toEqual([])
  })

  it("registration fails with 'Error registering name {name}', back on the form", async () => {
    const { store, signed } = setup({ blockchainUrl: deadUrl })
    store.setInput('Alice-Dead')
    await store.register()
    expect(signed).toHaveLength(1)
    expect(englishOf(store.error!, en)).toBe('Error registering name alice-dead.reown.id')
    expect(store.isRegistering).toBe(false)
  })
})
