import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { call, evmClients } from './support.js'
import { testDatabaseKind, testDatabaseUrl } from '../support/testDatabase.js'

// Issue 28: an on-ramp order is paid once, by 50 Pay presses at once, and also when a second
// instance starts on the same database while the first is paying it (it used to put every
// `paying` order back to `pending` at boot). On SQLite the two instances share the data folder's
// file; on Postgres (the `unit-postgres` run) they share the database and keep their own folders.
const CONCURRENT = 50
const q = 'projectId=latch-dev'
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
  return { id: (body.url as string).split('/').pop()!, receiver }
}
const pay = (on: RunningBackend, id: string) => call(on, `/onramp/checkout/${id}/pay`, { method: 'POST', headers: { accept: 'application/json' } })
const balance = (on: RunningBackend, address: `0x${string}`) => evmClients(on, 31337).publicClient.getBalance({ address })
const statusOf = async (id: string) => (await first.storage.db.selectFrom('onramp_orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status
const indexedRowsFor = async (address: string) =>
  (await first.storage.db.selectFrom('transfers').select('id').where('recipient', '=', address.toLowerCase()).execute()).length
const nodeOf = (on: RunningBackend) => on.services.evmChains.get('eip155:31337')!
const hardhat = (on: RunningBackend, method: string, params: unknown[] = []) => nodeOf(on).client.request({ method: method as never, params: params as never })

describe(`given an on-ramp order (${testDatabaseKind()})`, () => {
  it('pays it when Pay is pressed (positive control)', async () => {
    const { id, receiver } = await order(first)
    expect(await pay(first, id)).toMatchObject({ status: 200, body: { status: 'paid' } })
    expect(await balance(first, receiver)).toBe(parseEther('0.01'))
  })

  it(`pays it once when Pay is pressed ${CONCURRENT} times at once`, async () => {
    const { id, receiver } = await order(first)
    const answers = await Promise.all(Array.from({ length: CONCURRENT }, () => pay(first, id)))
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array<number>(CONCURRENT - 1).fill(409)])
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
