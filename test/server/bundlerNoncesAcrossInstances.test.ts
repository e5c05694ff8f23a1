import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { entryPoint08Abi } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'
import { keccak256, toHex } from 'viem'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { openStorage, type Storage } from '../../server/plugins/database/index.js'
import { SmartAccounts, type SmartAccountChain } from '../../server/secureSite/SmartAccounts.js'
import { BUNDLER_ADDRESS } from '../../server/chains/bundlerAccount.js'
import { testDatabaseUrl } from '../support/testDatabase.js'

// Issue 31, work that must happen once: the secure site's bundler key sends every handleOps on a
// chain, and reads its next nonce when it builds one. Two instances on one Postgres database (two
// storage layers, as two processes have) sending at once must take turns (an advisory lock per
// sender), or one of two transactions with the same nonce fails. On SQLite, one process: two
// users of one storage layer share its queue. Checked on chain: every operation landed.
const PER_INSTANCE = 10
const OWNERS = [1, 2, 3, 4].map((index) => privateKeyToAccount(keccak256(toHex(`bundler nonces owner ${index}`))))
const TARGET = privateKeyToAccount(keccak256(toHex('bundler nonces target'))).address

let backend: RunningBackend
let secondStorage: Storage | undefined

beforeAll(async () => {
  const databaseUrl = await testDatabaseUrl()
  backend = await startBackend({ databaseUrl, dev: true, rateLimit: false, keyShares: false })
  // The second instance's own pool on the same database; on SQLite the one storage layer.
  secondStorage = databaseUrl ? await openStorage({ url: databaseUrl }) : undefined
})
afterAll(async () => {
  await secondStorage?.close()
  await backend?.close()
})

describe('given two instances bundling on one chain at once, with one bundler key', () => {
  it(`lands all ${2 * PER_INSTANCE} operations, each owner's in nonce order, with no nonce taken twice`, async () => {
    const chain = backend.services.evmChains.get('eip155:31337') as SmartAccountChain
    const instances = [new SmartAccounts(backend.storage), new SmartAccounts(secondStorage ?? backend.storage)]
    const before = await chain.client.getTransactionCount({ address: BUNDLER_ADDRESS })
    // Each owner's account is used by both instances: its own (EntryPoint) nonce is contended too.
    const sends = instances.flatMap((accounts, instance) =>
      Array.from({ length: PER_INSTANCE }, (_, index) => accounts.send(`bundler-nonces-${instance}-${index}`, chain, OWNERS[(instance * PER_INSTANCE + index) % OWNERS.length]!, [{ to: TARGET, value: 0n }])),
    )
    const outcomes = await Promise.allSettled(sends)
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([])

    expect(await chain.client.getTransactionCount({ address: BUNDLER_ADDRESS })).toBe(before + 2 * PER_INSTANCE)
    const hashes = outcomes.map((outcome) => (outcome as PromiseFulfilledResult<string>).value)
    expect(new Set(hashes).size).toBe(2 * PER_INSTANCE)
    for (const hash of hashes) expect((await chain.client.getTransactionReceipt({ hash: hash as `0x${string}` })).status).toBe('success')
    const accounts = instances[0]!
    for (const owner of OWNERS) {
      const sender = accounts.address(chain, owner.address)
      const nonce = await chain.client.readContract({ address: chain.contracts.entryPoint, abi: entryPoint08Abi, functionName: 'getNonce', args: [sender, 0n] })
      expect(nonce).toBe(BigInt((2 * PER_INSTANCE) / OWNERS.length))
    }
  })
})
