import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Fastify, { type FastifyInstance } from 'fastify'
import { createPublicClient, http, pad, toHex, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { startHardhatNode, type HardhatNode } from '../../server/chains/startHardhatNode.js'
import { FarcasterRelay } from '../../server/farcaster/FarcasterRelay.js'
import { farcasterRelayRoutes } from '../../server/farcaster/farcasterRelayRoutes.js'
import { ID_REGISTRY_ADDRESS } from '../../server/farcaster/onChainIdRegistry.js'
import { FarcasterTestClient } from '../support/farcasterTestClient.js'
import { siteCall } from './secureSiteSupport.js'
import { testDatabaseUrl } from '../support/testDatabase.js'

// Issue 29, Farcaster from configuration: the secure site of a backend started WITHOUT dev mode
// opens channels on a Farcaster Connect relay it does not run (a relay on its own port, over the
// relay's HTTP API) and reads the fid's custody address from the ID registry on an Optimism RPC
// it was given (a hardhat node with chain id 10, the registry placed at its OP Mainnet address by
// this test). The relay's word is not enough: the registry on chain decides whose fid it is.
const APP = 'http://127.0.0.1:5173'
// custodyOf(uint256): the fid is the storage slot holding its custody address.
// PUSH1 4, CALLDATALOAD, SLOAD, PUSH0, MSTORE, PUSH1 32, PUSH0, RETURN.
const REGISTRY_CODE = '0x600435545f5260205ff3'

let optimism: HardhatNode
let relayApp: FastifyInstance
let relay: FarcasterRelay
let relayUrl: string
let backend: RunningBackend
let nextFid = 900_000 + Math.floor(Math.random() * 50_000)

const hardhat = (method: string, params: unknown[]) => createPublicClient({ transport: http(optimism.rpcUrl) }).request({ method: method as never, params: params as never })
/** Writes `custody` as the fid's holder in the registry on chain. */
const setCustodyOnChain = (fid: number, custody: Address) => hardhat('hardhat_setStorageAt', [ID_REGISTRY_ADDRESS, toHex(fid, { size: 32 }), pad(custody, { size: 32 })])

beforeAll(async () => {
  optimism = await startHardhatNode({ chainId: 10 })
  await hardhat('hardhat_setCode', [ID_REGISTRY_ADDRESS, REGISTRY_CODE])
  relay = new FarcasterRelay()
  relayApp = Fastify()
  await relayApp.register(farcasterRelayRoutes, { relay })
  await relayApp.listen({ port: 0, host: '127.0.0.1' })
  const address = relayApp.server.address()
  relayUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  backend = await startBackend({ databaseUrl: await testDatabaseUrl(), rateLimit: false, farcaster: { relayUrl, optimismRpcUrl: optimism.rpcUrl } })
}, 120_000)
afterAll(async () => {
  await backend?.close()
  await relayApp?.close()
  await optimism?.stop()
})

/** A Farcaster client whose fid the relay knows; `onChain` is who the registry on chain says holds it. */
async function client(name: string, onChain?: Address) {
  const farcaster = new FarcasterTestClient({ url: relayUrl, adminToken: { value: '' } }, name, nextFid++)
  await relay.register(farcaster.fid, farcaster.custody.address, name)
  await setCustodyOnChain(farcaster.fid, onChain ?? farcaster.custody.address)
  return farcaster
}
const start = async () => (await siteCall(backend.secureSiteUrl, '/api/farcaster/start', { body: { projectId: 'latch-dev', appOrigin: APP } })).body as { url: string; loginSecret: string }
const poll = (loginSecret: string) => siteCall(backend.secureSiteUrl, '/api/farcaster/poll', { body: { loginSecret } })

describe('given a configured Farcaster relay and the ID registry on an Optimism RPC (no dev mode)', () => {
  it('positive control: logs in through the relay, the custody address read on chain', async () => {
    expect(backend.dev).toBe(false)
    const { url, loginSecret } = await start()
    const farcaster = await client('carol')
    expect((await farcaster.authenticate(url)).status).toBe(201)
    const done = await poll(loginSecret)
    expect(done.status).toBe(200)
    expect(done.body.user).toMatchObject({ userName: 'carol', socialProvider: 'farcaster' })
  })

  it('refuses a fid the relay vouches for when the registry on chain names another custody address, and gives no session', async () => {
    const { url, loginSecret } = await start()
    const farcaster = await client('mallory', privateKeyToAccount(generatePrivateKey()).address)
    expect((await farcaster.authenticate(url)).status).toBe(201)
    const refused = await poll(loginSecret)
    expect(refused).toMatchObject({ status: 400, body: { code: 'SOCIAL_LOGIN_FAILED' } })
    expect(refused.body.token).toBeUndefined()
  })

  it('refuses a fid nobody holds on chain', async () => {
    const { url, loginSecret } = await start()
    const farcaster = await client('nobody', '0x0000000000000000000000000000000000000000')
    expect((await farcaster.authenticate(url)).status).toBe(201)
    expect(await poll(loginSecret)).toMatchObject({ status: 400, body: { code: 'SOCIAL_LOGIN_FAILED' } })
  })
})
