import type { SmartAccountChain } from '../../server/secureSite/SmartAccounts.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseEther, toHex, type Address } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { evmClients } from './support.js'
import { freshDeviceId, freshEmail, logInThroughApi, siteCall } from './secureSiteSupport.js'
import { startBundlerStandIn, type BundlerStandIn } from '../support/startBundlerStandIn.js'
import { testDatabaseUrl } from '../support/testDatabase.js'

// Issue 29, the bundler from configuration: on 31337 the secure site sends its users'
// UserOperations to an external ERC-4337 bundler over JSON-RPC (a stand-in on its own port),
// within the sponsorship policy; on 31338, which has none configured, it still bundles itself.
// Whole keys (the server signs), so no frame is needed; balances are read on chain.
let backend: RunningBackend | undefined
let bundler: BundlerStandIn
let site: string

beforeAll(async () => {
  bundler = await startBundlerStandIn(() => backend!.services.evmChains.get('eip155:31337') as SmartAccountChain)
  backend = await startBackend({
    databaseUrl: await testDatabaseUrl(),
    dev: true,
    rateLimit: false,
    keyShares: false,
    projects: [{ id: 'latch-dev', name: 'Latch dev', allowedOrigins: ['http://127.0.0.1:*'], features: { email: true } }],
    bundlers: { 'eip155:31337': bundler.url },
  })
  site = backend.secureSiteUrl
})
afterAll(async () => {
  await backend?.close()
  await bundler?.close()
})

/** A logged-in user whose smart account on 31337 holds 1 ETH. */
async function fundedUser() {
  const { token } = await logInThroughApi(site, backend!, freshEmail('bundled'), freshDeviceId(), { projectId: 'latch-dev', appOrigin: 'http://127.0.0.1:5173' })
  const address = (await siteCall(site, '/api/account?chainId=eip155:31337', { token })).body.address as Address
  const { walletClient } = evmClients(backend!, 31337)
  await walletClient.sendTransaction({ to: address, value: parseEther('1') })
  return { token, address }
}
const send = (token: string, to: Address, ether: string) => siteCall(site, '/api/sign', { token, body: { chainId: 'eip155:31337', method: 'eth_sendTransaction', params: [{ to, value: toHex(parseEther(ether)) }] } })
const balanceOf = (address: Address) => evmClients(backend!, 31337).publicClient.getBalance({ address })

describe('given an external bundler configured for 31337', () => {
  it('positive control: a send is estimated, sent and confirmed over the bundler JSON-RPC, and the ETH moves on chain', async () => {
    const { token, address } = await fundedUser()
    const to = privateKeyToAccount(`0x${'a1'.repeat(32)}`).address
    const before = await balanceOf(to)
    bundler.calls.length = 0
    const sent = await send(token, to, '0.2')
    expect(sent.status).toBe(200)
    expect(bundler.calls).toEqual(expect.arrayContaining(['eth_estimateUserOperationGas', 'eth_sendUserOperation', 'eth_getUserOperationReceipt']))
    expect(bundler.calls.indexOf('eth_estimateUserOperationGas')).toBeLessThan(bundler.calls.indexOf('eth_sendUserOperation'))
    expect(await balanceOf(to)).toBe(before + parseEther('0.2'))
    expect(await balanceOf(address)).toBe(parseEther('0.8'))
  })

  it('refuses an operation the bundler estimates above the sponsored gas limits: SPONSORSHIP_REFUSED, nothing sent, nothing moves', async () => {
    const { token, address } = await fundedUser()
    const to = privateKeyToAccount(`0x${'a2'.repeat(32)}`).address
    bundler.estimate = { ...bundler.estimate, callGasLimit: 5_000_000n }
    bundler.calls.length = 0
    try {
      expect(await send(token, to, '0.2')).toMatchObject({ status: 403, body: { code: 'SPONSORSHIP_REFUSED' } })
    } finally {
      bundler.estimate = { ...bundler.estimate, callGasLimit: 100_000n }
    }
    expect(bundler.calls).not.toContain('eth_sendUserOperation')
    expect(await balanceOf(to)).toBe(0n)
    expect(await balanceOf(address)).toBe(parseEther('1'))
  })

  it('still bundles itself on 31338, where no bundler is configured', async () => {
    const { token } = await logInThroughApi(site, backend!, freshEmail('local'), freshDeviceId(), { projectId: 'latch-dev', appOrigin: 'http://127.0.0.1:5173' })
    const address = (await siteCall(site, '/api/account?chainId=eip155:31338', { token })).body.address as Address
    await evmClients(backend!, 31338).walletClient.sendTransaction({ to: address, value: parseEther('1') })
    bundler.calls.length = 0
    const to = privateKeyToAccount(`0x${'a3'.repeat(32)}`).address
    const sent = await siteCall(site, '/api/sign', { token, body: { chainId: 'eip155:31338', method: 'eth_sendTransaction', params: [{ to, value: toHex(parseEther('0.1')) }] } })
    expect(sent.status).toBe(200)
    expect(bundler.calls).toEqual([])
    expect(await evmClients(backend!, 31338).publicClient.getBalance({ address: to })).toBe(parseEther('0.1'))
  })
})
