import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isAddressEqual, parseEther, parseEventLogs, toHex, type Address, type Hex } from 'viem'
import { entryPoint08Abi } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'
import type { RunningBackend } from '../../server/startBackend.js'
import { startWholeKeyBackend } from './startWholeKeyBackend.js'
import { loadArtifact } from '../../server/chains/loadArtifact.js'
import { evmClients } from './support.js'
import { freshDeviceId, freshEmail, logInThroughApi, siteCall } from './secureSiteSupport.js'

// ERC-4337 v0.8 smart accounts of the embedded wallet against the real local chains: the
// EntryPoint from @account-abstraction/contracts 0.8.0, our LatchSmartAccountFactory, UserOperations
// signed by the user's key and submitted with handleOps by the secure site's bundler key.
let backend: RunningBackend
let site: string
let stopBackend: () => Promise<void>

beforeAll(async () => {
  ;({ backend, close: stopBackend } = await startWholeKeyBackend('smart-account', { nameSuffix: '.reown.id' }))
  site = backend.secureSiteUrl
})

afterAll(() => stopBackend?.())

async function logIn() {
  const verified = await logInThroughApi(site, backend, freshEmail('smart'), freshDeviceId(), { projectId: 'latch-dev', appOrigin: 'http://127.0.0.1:5173' })
  return { token: verified.token, eoa: verified.user.evmAddress as Address }
}

const account = async (token: string, chainId: string) => (await siteCall(site, `/api/account?chainId=${chainId}`, { token })).body
const sign = (token: string, chainId: string, method: string, params: unknown) => siteCall(site, '/api/sign', { token, body: { chainId, method, params } })
const recipient = (byte: string) => privateKeyToAccount(`0x${byte.repeat(32)}`).address
const wei = (ether: string) => toHex(parseEther(ether))

/** The UserOperationEvents of one transaction. */
async function userOperations(chainId: number, hash: Hex) {
  const { publicClient } = evmClients(backend, chainId)
  const receipt = await publicClient.waitForTransactionReceipt({ hash })
  return { receipt, events: parseEventLogs({ abi: entryPoint08Abi, logs: receipt.logs, eventName: 'UserOperationEvent' }) }
}

describe('smart accounts', () => {
  it('are the default on eip155 at the factory’s counterfactual address; solana stays eoa', async () => {
    const { token, eoa } = await logIn()
    const { publicClient, deployment } = evmClients(backend, 31337)
    const onChain = (await publicClient.readContract({ address: deployment.contracts.smartAccountFactory, abi: loadArtifact('LatchSmartAccountFactory').abi, functionName: 'getAddress', args: [eoa, 0n] })) as Address
    const first = await account(token, 'eip155:31337')
    expect(first).toEqual({ type: 'smartAccount', address: onChain, eoaAddress: eoa, smartAccountAddress: onChain, smartAccountDeployed: false })
    expect(await account(token, 'eip155:31337')).toEqual(first)
    expect(await publicClient.getCode({ address: onChain })).toBeUndefined()
    // Only the EntryPoint's SenderCreator may create it (so it is deployed by its first UserOperation).
    await expect(publicClient.simulateContract({ account: eoa, address: deployment.contracts.smartAccountFactory, abi: loadArtifact('LatchSmartAccountFactory').abi, functionName: 'createAccount', args: [eoa, 0n] })).rejects.toThrow(/only callable from SenderCreator/)
    expect((await siteCall(site, '/api/smart-account/networks', { token })).body).toEqual({ chainIds: [31337, 31338] })
    expect((await siteCall(site, '/api/rpc', { token, body: { chainId: 'eip155:31337', method: 'eth_accounts' } })).body.result).toEqual([onChain])
    expect(await account(token, backend.deployment.solana.caipNetworkId)).toMatchObject({ type: 'eoa', smartAccountDeployed: false })
    expect(await siteCall(site, '/api/account/preferred', { token, body: { chainId: backend.deployment.solana.caipNetworkId, type: 'smartAccount' } })).toMatchObject({ status: 400, body: { message: 'Chain is not supported' } })
    expect(await siteCall(site, '/api/account/preferred', { token, body: { chainId: 'eip155:1', type: 'eoa' } })).toMatchObject({ status: 400, body: { message: 'Chain is not supported' } })
    const capabilities = (await siteCall(site, '/api/rpc', { token, body: { chainId: 'eip155:31337', method: 'wallet_getCapabilities', params: [onChain] } })).body.result
    expect(capabilities).toEqual({ '0x7a69': { atomic: { status: 'supported' } }, '0x7a6a': { atomic: { status: 'supported' } } })
  })

  it('signs messages that viem verifies against the account before (ERC-6492) and after (ERC-1271) its first send deploys it', async () => {
    const { token, eoa } = await logIn()
    const { publicClient, walletClient, deployment } = evmClients(backend, 31337)
    const { address } = await account(token, 'eip155:31337')
    const message = 'Smart hello'
    const before = await sign(token, 'eip155:31337', 'personal_sign', [toHex(message), address])
    expect(before.status).toBe(200)
    expect(await publicClient.verifyMessage({ address, message, signature: before.body.result })).toBe(true)
    expect(await publicClient.verifyMessage({ address, message: 'another message', signature: before.body.result })).toBe(false)
    expect(await publicClient.getCode({ address })).toBeUndefined()

    await publicClient.waitForTransactionReceipt({ hash: await walletClient.sendTransaction({ to: address, value: parseEther('1') }) })
    const to = recipient('51')
    const toBefore = await publicClient.getBalance({ address: to })
    const sent = await sign(token, 'eip155:31337', 'eth_sendTransaction', [{ to, value: wei('0.25') }])
    expect(sent.status).toBe(200)
    const { receipt, events } = await userOperations(31337, sent.body.result)
    // One handleOps transaction to the EntryPoint; the operation's sender is the smart account.
    expect(isAddressEqual(receipt.to!, deployment.contracts.entryPoint)).toBe(true)
    expect(events).toHaveLength(1)
    expect(isAddressEqual(events[0]!.args.sender, address)).toBe(true)
    expect(events[0]!.args.success).toBe(true)
    expect(parseEventLogs({ abi: entryPoint08Abi, logs: receipt.logs, eventName: 'AccountDeployed' })[0]?.args.sender).toBe(address)
    expect(await publicClient.getBalance({ address: to })).toBe(toBefore + parseEther('0.25'))
    // The bundler pays the gas: the account spent exactly what it sent.
    expect(await publicClient.getBalance({ address })).toBe(parseEther('0.75'))
    expect(await account(token, 'eip155:31337')).toMatchObject({ smartAccountDeployed: true, eoaAddress: eoa })

    const after = await sign(token, 'eip155:31337', 'personal_sign', [toHex(message), address])
    expect(after.body.result).not.toBe(before.body.result)
    expect(await publicClient.verifyMessage({ address, message, signature: after.body.result })).toBe(true)
    const typedData = { domain: { name: 'Latch Test', version: '1', chainId: 31337 }, types: { Greeting: [{ name: 'text', type: 'string' }] }, primaryType: 'Greeting', message: { text: 'hi' } } as const
    const typed = await sign(token, 'eip155:31337', 'eth_signTypedData_v4', [address, JSON.stringify(typedData)])
    expect(await publicClient.verifyTypedData({ address, ...typedData, signature: typed.body.result })).toBe(true)
    // A second send reuses the deployed account (no initCode).
    const again = await sign(token, 'eip155:31337', 'eth_sendTransaction', [{ from: address, to, value: wei('0.05') }])
    const second = await userOperations(31337, again.body.result)
    expect(parseEventLogs({ abi: entryPoint08Abi, logs: second.receipt.logs, eventName: 'AccountDeployed' })).toHaveLength(0)
    expect(second.events[0]!.args.success).toBe(true)
  })

  it("registers a name with the smart account's signature: the backend checks it on chain (ERC-6492), and refuses it for another address", async () => {
    const { token, eoa } = await logIn()
    const { address } = await account(token, 'eip155:31337')
    const name = `smart${Date.now().toString(36)}.reown.id`
    const message = JSON.stringify({ name, attributes: {}, timestamp: Math.floor(Date.now() / 1000) })
    const signature = (await sign(token, 'eip155:31337', 'personal_sign', [toHex(message), address])).body.result as Hex
    const register = (claimed: Address) =>
      fetch(`${backend.url}/v1/profile/account?projectId=latch-dev`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ coin_type: (0x80000000 | 31337) >>> 0, address: claimed, message, signature }),
      })
    expect((await register(eoa)).status).toBe(401)
    const registered = await register(address)
    expect(registered.status).toBe(200)
    expect(await registered.json()).toMatchObject({ success: true, name })
  })

  it('runs a two-transfer wallet_sendCalls as ONE handleOps transaction, all or nothing', async () => {
    const { token } = await logIn()
    const { publicClient, walletClient } = evmClients(backend, 31338)
    const { address } = await account(token, 'eip155:31338')
    await publicClient.waitForTransactionReceipt({ hash: await walletClient.sendTransaction({ to: address, value: parseEther('1') }) })
    const [first, second] = [recipient('52'), recipient('53')]
    const before = await Promise.all([first, second].map((who) => publicClient.getBalance({ address: who })))
    const calls = [
      { to: first, value: wei('0.1') },
      { to: second, value: wei('0.2'), data: '0x' },
    ]
    const sent = await sign(token, 'eip155:31338', 'wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a6a', from: address, atomicRequired: true, calls }])
    expect(sent.status).toBe(200)
    const status = (await siteCall(site, '/api/rpc', { token, body: { chainId: 'eip155:31338', method: 'wallet_getCallsStatus', params: [sent.body.result.id] } })).body.result
    expect(status).toMatchObject({ id: sent.body.result.id, chainId: '0x7a6a', status: 200, atomic: true })
    expect(status.receipts).toHaveLength(1)
    const { events } = await userOperations(31338, status.receipts[0].transactionHash)
    expect(events).toHaveLength(1)
    expect(isAddressEqual(events[0]!.args.sender, address)).toBe(true)
    expect(await publicClient.getBalance({ address: first })).toBe(before[0]! + parseEther('0.1'))
    expect(await publicClient.getBalance({ address: second })).toBe(before[1]! + parseEther('0.2'))

    // The second call asks more than is left: the batch reverts as a whole, the first transfer too.
    const failing = await sign(token, 'eip155:31338', 'wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a6a', calls: [{ to: first, value: wei('0.1') }, { to: second, value: wei('5') }] }])
    expect(failing).toMatchObject({ status: 400, body: { code: 'RPC_ERROR' } })
    expect(await publicClient.getBalance({ address: first })).toBe(before[0]! + parseEther('0.1'))
    expect(await publicClient.getBalance({ address })).toBe(parseEther('0.7'))
  })

  it('switches to the eoa per chain: the next send comes from the owner key itself', async () => {
    const { token, eoa } = await logIn()
    const { publicClient, walletClient } = evmClients(backend, 31337)
    await publicClient.waitForTransactionReceipt({ hash: await walletClient.sendTransaction({ to: eoa, value: parseEther('1') }) })
    const switched = await siteCall(site, '/api/account/preferred', { token, body: { chainId: 'eip155:31337', type: 'eoa' } })
    expect(switched.body).toMatchObject({ type: 'eoa', address: eoa })
    expect(await account(token, 'eip155:31337')).toMatchObject({ type: 'eoa', address: eoa })
    expect(await account(token, 'eip155:31338')).toMatchObject({ type: 'smartAccount' })
    expect((await siteCall(site, '/api/rpc', { token, body: { chainId: 'eip155:31337', method: 'eth_accounts' } })).body.result).toEqual([eoa])
    const to = recipient('54')
    const before = await publicClient.getBalance({ address: to })
    const sent = await sign(token, 'eip155:31337', 'eth_sendTransaction', [{ to, value: wei('0.3') }])
    const receipt = await publicClient.waitForTransactionReceipt({ hash: sent.body.result })
    expect(isAddressEqual(receipt.from, eoa)).toBe(true)
    expect(isAddressEqual(receipt.to!, to)).toBe(true)
    expect(await publicClient.getBalance({ address: to })).toBe(before + parseEther('0.3'))
    // And back: the smart account again.
    expect((await siteCall(site, '/api/account/preferred', { token, body: { chainId: 'eip155:31337', type: 'smartAccount' } })).body).toMatchObject({ type: 'smartAccount' })
  })
})
