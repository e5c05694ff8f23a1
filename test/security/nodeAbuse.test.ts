import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, hexToBigInt, http, type Address, type Hex } from 'viem'
import { entryPoint08Abi } from 'viem/account-abstraction'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { MAX_CALL_GAS } from '../../server/rpc/capCallGas.js'
import { BUNDLER_ADDRESS } from '../../server/chains/bundlerAccount.js'
import { freshDeviceId, freshEmail, logInThroughApi, siteCall } from '../server/secureSiteSupport.js'

// Issue 26, "Abuse limits": every path that reaches a chain node (the secure site's /api/rpc and
// the public chain RPC) gives a call at most MAX_CALL_GAS and lets one user have at most
// NODE_CALLS in flight; the bundler sponsors a user's UserOperations up to a daily quota. Real
// backend, real hardhat chains; the attacker's contract loops forever.
const CHAIN = 'eip155:31337'
// One: the local hardhat node runs one call at a time, so a bystander's call is answered only
// once the loops a user holds have ended (measured unloaded: 3.3 s behind two, 5.1 s behind four).
// With four, a loaded CI machine answered it past the 10 s request deadline.
const NODE_CALLS = 1
const QUOTA = 2
// JUMPDEST PUSH1 0 JUMP: loops until the gas runs out.
const LOOP_CODE: Hex = '0x5b600056'
// GAS PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN: answers the gas it was given.
const GAS_REPORTER_CODE: Hex = '0x5a60005260206000f3'
const LOOP: Address = '0x00000000000000000000000000000000000100F0'
const GAS_REPORTER: Address = '0x00000000000000000000000000000000000100F1'
const ONE_BILLION_GAS = '0x3b9aca00'

let backend: RunningBackend
let site: string
let nodeRpcUrl: string

beforeAll(async () => {
  // Whole keys (`keyShares: false`) let the test send through `/api/sign` with a session alone; split keys
  // reach the same node calls and quota through `/api/submit/*` (test/security/keySharesSigning.test.ts).
  backend = await startBackend({ dev: true, rateLimit: false, trustProxy: true, nodeCallsPerUser: NODE_CALLS, sponsoredOperationsPerDay: QUOTA, keyShares: false })
  site = backend.secureSiteUrl
  nodeRpcUrl = backend.services.evmChains.get(CHAIN)!.nodeRpcUrl
  // Placed straight on the node, as a deployment would: the attacker needs no special access.
  for (const [address, code] of [[LOOP, LOOP_CODE], [GAS_REPORTER, GAS_REPORTER_CODE]] as const) {
    const response = await fetch(nodeRpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'hardhat_setCode', params: [address, code] }) })
    expect(await response.json()).toMatchObject({ result: true })
  }
}, 300_000)
afterAll(async () => {
  await backend?.close()
})

/** A new user's session, logged in as the frame does (device link, then code); its frame token. */
async function logIn(label: string) {
  return (await logInThroughApi(site, backend, freshEmail(label), freshDeviceId())).token
}

const siteRpc = (token: string, method: string, params: unknown[]) => siteCall(site, '/api/rpc', { token, body: { chainId: CHAIN, method, params } })

/** The public chain RPC as a client at `ip` behind the trusted proxy sees it. */
async function publicRpc(ip: string, method: string, params: unknown[]) {
  const response = await fetch(`${backend.url}/v1?chainId=${CHAIN}&projectId=latch-dev`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return (await response.json()) as { result?: Hex; error?: { code: number; message: string; data?: { code?: string } } }
}

describe('given a contract that loops forever on the local chain', () => {
  it('the secure site gives eth_call at most the shared gas cap: the loop ends out of gas, and one user cannot hold more than its share of the node', async () => {
    const attacker = await logIn('looper')
    const bystander = await logIn('bystander')
    // Positive control: a small gas the caller names is forwarded as it is ...
    const small = await siteRpc(attacker, 'eth_call', [{ to: GAS_REPORTER, gas: '0x186a0' }, 'latest'])
    expect(small.status).toBe(200)
    expect(hexToBigInt(small.body.result)).toBeLessThan(100_000n)
    expect(hexToBigInt(small.body.result)).toBeGreaterThan(70_000n)
    // ... and a billion is cut to the cap (hardhat alone would give the 30M block gas limit).
    const huge = await siteRpc(attacker, 'eth_call', [{ to: GAS_REPORTER, gas: ONE_BILLION_GAS }, 'latest'])
    expect(hexToBigInt(huge.body.result)).toBeLessThanOrEqual(MAX_CALL_GAS)
    expect(hexToBigInt(huge.body.result)).toBeGreaterThan(MAX_CALL_GAS - 100_000n)

    // The attack: many looping calls at once, and another user's read meanwhile.
    const loops = Array.from({ length: 3 * NODE_CALLS }, () => siteRpc(attacker, 'eth_call', [{ to: LOOP, gas: ONE_BILLION_GAS }, 'latest']))
    const other = siteRpc(bystander, 'eth_blockNumber', [])
    const answers = await Promise.all(loops)
    // The bystander was answered, not refused, while the attacker was refused for having calls in flight.
    expect((await other).status).toBe(200)
    expect((await other).body.result).toMatch(/^0x[0-9a-f]+$/)
    const busy = answers.filter((answer) => answer.status === 429)
    expect(busy.length).toBeGreaterThan(0)
    expect(busy[0]!.body).toEqual({ code: 'NODE_BUSY', message: `Too many calls in flight: at most ${NODE_CALLS} eth_call/eth_estimateGas at once, wait for one to end` })
    // Every loop that ran ended by running out of the capped gas.
    const ran = answers.filter((answer) => answer.status !== 429)
    expect(ran.length).toBeGreaterThan(0)
    for (const answer of ran) expect(answer.body).toMatchObject({ code: 'RPC_ERROR', message: expect.stringMatching(/out of gas/i) })
    // The slots are given back: the attacker may call again once its calls ended.
    expect((await siteRpc(attacker, 'eth_call', [{ to: GAS_REPORTER }, 'latest'])).status).toBe(200)
  })

  it('the public chain RPC does the same per client IP (behind a trusted proxy, per forwarded address)', async () => {
    const small = await publicRpc('203.0.113.10', 'eth_call', [{ to: GAS_REPORTER, gas: '0x186a0' }, 'latest'])
    expect(hexToBigInt(small.result!)).toBeLessThan(100_000n)
    const huge = await publicRpc('203.0.113.10', 'eth_call', [{ to: GAS_REPORTER, gas: ONE_BILLION_GAS }, 'latest'])
    expect(hexToBigInt(huge.result!)).toBeLessThanOrEqual(MAX_CALL_GAS)

    const loops = Array.from({ length: 3 * NODE_CALLS }, () => publicRpc('203.0.113.10', 'eth_call', [{ to: LOOP, gas: ONE_BILLION_GAS }, 'latest']))
    const other = publicRpc('203.0.113.20', 'eth_blockNumber', [])
    const answers = await Promise.all(loops)
    expect((await other).error).toBeUndefined()
    expect((await other).result).toMatch(/^0x[0-9a-f]+$/)
    const busy = answers.filter((answer) => answer.error?.data?.code === 'NODE_BUSY')
    expect(busy.length).toBeGreaterThan(0)
    expect(busy[0]!.error).toMatchObject({ code: -32005, message: expect.stringContaining('Too many calls in flight') })
    const ran = answers.filter((answer) => answer.error?.data?.code !== 'NODE_BUSY')
    expect(ran.length).toBeGreaterThan(0)
    for (const answer of ran) expect(answer.error?.message).toMatch(/out of gas/i)
  })
})

describe('given the bundler that sponsors smart-account operations', () => {
  it('pays for a user up to the daily quota, then refuses without spending its gas; another user is still sponsored', async () => {
    const user = await logIn('sponsored')
    const client = createPublicClient({ transport: http(nodeRpcUrl) })
    const { address } = (await siteCall(site, `/api/account?chainId=${CHAIN}`, { token: user })).body as { address: Address }
    const entryPoint = backend.deployment.evm.find((chain) => chain.chainId === 31337)!.contracts.entryPoint
    const nonce = () => client.readContract({ address: entryPoint, abi: entryPoint08Abi, functionName: 'getNonce', args: [address, 0n] })
    const send = (token: string) => siteCall(site, '/api/sign', { token, body: { chainId: CHAIN, method: 'eth_sendTransaction', params: [{ to: GAS_REPORTER, value: '0x0' }] } })
    // Positive control: the quota's operations are mined, the bundler paying.
    for (let i = 0; i < QUOTA; i++) {
      const sent = await send(user)
      expect(sent.body).toMatchObject({ result: expect.stringMatching(/^0x/) })
      expect((await client.waitForTransactionReceipt({ hash: sent.body.result })).status).toBe('success')
    }
    expect(await nonce()).toBe(BigInt(QUOTA))
    const bundlerBefore = await client.getBalance({ address: BUNDLER_ADDRESS })
    const blockBefore = await client.getBlockNumber()

    const over = await send(user)
    expect(over).toMatchObject({ status: 429, body: { code: 'SPONSORSHIP_QUOTA_EXCEEDED', message: `Sponsored transactions used up: ${QUOTA} a day per account, try again tomorrow` } })
    const batch = await siteCall(site, '/api/sign', { token: user, body: { chainId: CHAIN, method: 'wallet_sendCalls', params: [{ version: '2.0.0', calls: [{ to: GAS_REPORTER }] }] } })
    expect(batch).toMatchObject({ status: 429, body: { code: 'SPONSORSHIP_QUOTA_EXCEEDED' } })
    // Nothing reached the chain: no operation, no gas paid.
    expect(await nonce()).toBe(BigInt(QUOTA))
    expect(await client.getBalance({ address: BUNDLER_ADDRESS })).toBe(bundlerBefore)
    expect(await client.getBlockNumber()).toBe(blockBefore)

    const another = await logIn('sponsored-other')
    expect((await send(another)).status).toBe(200)
  })
})
