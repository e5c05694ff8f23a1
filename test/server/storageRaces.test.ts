import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { call, evmClients } from './support.js'
import { testDatabaseKind, testDatabaseUrl } from '../support/testDatabase.js'
import { checkoutOrderId, payCheckout } from '../support/onrampCheckout.js'

// Issue 28: every check-then-act of the storage layer is one conditional statement, so 50
// requests at once settle as one would, on SQLite through Kysely (async, like any shared
// database) and on Postgres (the same file, run again by the `unit-postgres` project): a SIWX
// nonce is redeemed once, a name registered once, an on-ramp order paid once, also when a second
// instance starts on the same database while the first is paying it (it used to put every
// `paying` order back to `pending` at boot). On SQLite the two instances share the data folder's
// file; on Postgres they share the database and keep their own folders.
const CONCURRENT = 50
const q = 'projectId=latch-dev'
const PAGE = 'http://127.0.0.1:5173'
// ENSIP-11 coin type of chain 31337, as the kit computes it.
const coinType = (0x80000000 | 31337) >>> 0
const SLOW = 180_000
const folders: string[] = []
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'latch-onramp-2-'))
  folders.push(dir)
  return dir
}

let first: RunningBackend
let second: RunningBackend | undefined
let databaseUrl: string | undefined
beforeAll(async () => {
  databaseUrl = await testDatabaseUrl()
  first = await startBackend({ dataDir: folder(), databaseUrl, dev: true })
}, SLOW)
afterAll(async () => {
  await second?.close()
  await first?.close()
  for (const dir of folders) rmSync(dir, { recursive: true, force: true })
})

/** A new checkout for 0.01 ETH to a fresh address on chain 31337; its id and receiver. */
async function order(on: RunningBackend) {
  const receiver = privateKeyToAccount(generatePrivateKey()).address
  const { body } = await call(on, `/v1/generators/onrampurl?${q}`, { body: { destinationWallets: [{ address: receiver }], defaultNetwork: 'latch-local', presetCryptoAmount: 0.01 } })
  return { id: checkoutOrderId(body.url as string), receiver }
}
/** Presses Pay on `on`'s own test checkout (each instance has its own, with its own keys), at the URL `on` signs for the order. */
const pay = async (on: RunningBackend, id: string) =>
  payCheckout(on.services.onramp!.checkoutUrl(await on.storage.db.selectFrom('onramp_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow()))
const balance = (on: RunningBackend, address: `0x${string}`) => evmClients(on, 31337).publicClient.getBalance({ address })
const statusOf = async (id: string) => (await first.storage.db.selectFrom('onramp_orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status
const indexedRowsFor = async (address: string) =>
  (await first.storage.db.selectFrom('transfers').select('id').where('recipient', '=', address.toLowerCase()).execute()).length
const nodeOf = (on: RunningBackend) => on.services.evmChains.get('eip155:31337')!
const hardhat = (on: RunningBackend, method: string, params: unknown[] = []) => nodeOf(on).client.request({ method: method as never, params: params as never })

const statuses = (answers: Array<{ status: number }>) => answers.map((answer) => answer.status).sort()

describe(`given ${CONCURRENT} posts of one signed sign-in message at once (${testDatabaseKind()})`, () => {
  const signed = async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const { nonce } = (await call(first, `/v1/siwx/nonce?${q}`, { body: {} })).body as { nonce: string }
    const message = createSiweMessage({ domain: new URL(PAGE).host, address: account.address, chainId: 31337, uri: PAGE, version: '1', nonce, issuedAt: new Date() })
    return { account, body: { message, signature: await account.signMessage({ message }) } }
  }
  const post = (body: unknown) => call(first, `/v1/siwx/sessions?${q}`, { body, headers: { origin: PAGE } })

  it('signs in with one post (positive control)', async () => {
    const { body } = await signed()
    expect(await post(body)).toMatchObject({ status: 200, body: { token: expect.any(String) } })
  })

  it('redeems the nonce once: one session, the others 409 NONCE_USED', async () => {
    const { account, body } = await signed()
    const answers = await Promise.all(Array.from({ length: CONCURRENT }, () => post(body)))
    expect(statuses(answers)).toEqual([200, ...Array<number>(CONCURRENT - 1).fill(409)])
    for (const answer of answers.filter((answer) => answer.status === 409)) expect(answer.body).toMatchObject({ code: 'NONCE_USED' })
    const sessions = await first.storage.db.selectFrom('siwx_sessions').select('id').where('address', '=', account.address).execute()
    expect(sessions).toHaveLength(1)
  })
})

describe(`given ${CONCURRENT} registrations of one name at once, each signed by its own account (${testDatabaseKind()})`, () => {
  const register = async (name: string) => {
    const account = privateKeyToAccount(generatePrivateKey())
    const message = JSON.stringify({ name, attributes: {}, timestamp: Math.floor(Date.now() / 1000) })
    const signature = await account.signMessage({ message })
    return { account, send: () => call(first, `/v1/profile/account?${q}`, { body: { coin_type: coinType, address: account.address, message, signature } }) }
  }

  it('registers a free name (positive control)', async () => {
    const { send } = await register('race-control')
    expect(await send()).toMatchObject({ status: 200, body: { success: true, name: 'race-control.reown.id' } })
  })

  it('registers it once: one 200, the others 409 NAME_TAKEN, never a 500', async () => {
    const contenders = await Promise.all(Array.from({ length: CONCURRENT }, () => register('race-name')))
    const answers = await Promise.all(contenders.map((contender) => contender.send()))
    expect(statuses(answers)).toEqual([200, ...Array<number>(CONCURRENT - 1).fill(409)])
    for (const answer of answers.filter((answer) => answer.status === 409)) expect(answer.body).toMatchObject({ code: 'NAME_TAKEN' })
    const winner = contenders[answers.findIndex((answer) => answer.status === 200)]!
    const lookup = await call(first, `/v1/profile/account/race-name.reown.id?${q}`)
    expect(lookup.body.addresses[String(coinType)]).toEqual({ address: winner.account.address })
  })
})

describe(`given an on-ramp order (${testDatabaseKind()})`, () => {
  it('pays it when Pay is pressed (positive control)', async () => {
    const { id, receiver } = await order(first)
    expect(await pay(first, id)).toMatchObject({ status: 200, body: { status: 'paid' } })
    expect(await balance(first, receiver)).toBe(parseEther('0.01'))
  })

  it(`pays it once when Pay is pressed ${CONCURRENT} times at once`, async () => {
    const { id, receiver } = await order(first)
    const answers = await Promise.all(Array.from({ length: CONCURRENT }, () => pay(first, id)))
    expect(statuses(answers)).toEqual([200, ...Array<number>(CONCURRENT - 1).fill(409)])
    expect(await balance(first, receiver)).toBe(parseEther('0.01'))
  })

  it(`pays it once when a second instance starts mid-payment and gets ${CONCURRENT} Pay presses`, { timeout: SLOW }, async () => {
    // The first instance's history index, which the second instance must not wipe while it lives.
    const indexed = privateKeyToAccount(generatePrivateKey()).address
    await evmClients(first, 31337).walletClient.sendTransaction({ to: indexed, value: 1n })
    expect((await call(first, `/v1/account/${indexed}/history?${q}&chainId=eip155:31337`)).body.data).toHaveLength(1)
    expect(await indexedRowsFor(indexed)).toBe(1)

    const { id, receiver } = await order(first)
    // The first instance's payment is sent but not mined until we say so: it stays `paying`.
    await hardhat(first, 'evm_setAutomine', [false])
    const paying = pay(first, id)
    await expect.poll(() => statusOf(id)).toBe('paying')

    second = await startBackend({ dataDir: testDatabaseKind() === 'sqlite' ? folders[0] : folder(), databaseUrl, dev: true })
    expect(await statusOf(id)).toBe('paying')
    // The second start left the first instance's history index alone (it held the lease).
    expect(await indexedRowsFor(indexed)).toBe(1)
    const answers = await Promise.all(Array.from({ length: CONCURRENT }, () => pay(second!, id)))
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(CONCURRENT).fill(409))
    for (const answer of answers) expect(answer.body).toMatchObject({ code: 'ORDER_ALREADY_PAID' })

    await hardhat(first, 'evm_setAutomine', [true])
    await hardhat(first, 'evm_mine')
    expect(await paying).toMatchObject({ status: 200, body: { status: 'paid' } })
    expect(await statusOf(id)).toBe('paid')
    expect(await balance(first, receiver)).toBe(parseEther('0.01'))
    // Nothing was sent on the second instance's own chain either.
    expect(await balance(second, receiver)).toBe(0n)
  })
})
