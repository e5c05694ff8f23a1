import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { concat, encodeFunctionData, erc20Abi, parseEther, parseUnits, toHex, type Address, type Hex } from 'viem'
import { entryPoint08Abi, getUserOperationHash, toPackedUserOperation, type UserOperation } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { RunningBackend } from '../../server/startBackend.js'
import { startWholeKeyBackend } from '../server/startWholeKeyBackend.js'
import { loadArtifact } from '../../server/chains/loadArtifact.js'
import { USER_OPERATION_GAS } from '../../server/secureSite/userOperationGas.js'
import { evmClients } from '../server/support.js'
import { freshDeviceId, freshEmail, logInThroughApi, siteCall } from '../server/secureSiteSupport.js'

// Smart sessions' limits hold on chain, whoever holds the session key: the secure site refuses an
// operation outside the grant with a catalogue error, and the smart account itself
// (LatchSmartAccount._validateSession) refuses it even when sent straight to the EntryPoint.
let backend: RunningBackend
let site: string
let stopBackend: () => Promise<void>

beforeAll(async () => {
  ;({ backend, close: stopBackend } = await startWholeKeyBackend('smart-sessions'))
  site = backend.secureSiteUrl
})

afterAll(() => stopBackend?.())

const CHAIN = 'eip155:31337'
const ACCOUNT_ABI = loadArtifact('LatchSmartAccount').abi
const usdc = (amount: string) => parseUnits(amount, 6)

/** A user whose smart account holds 100 USDC and granted `allowance` to a fresh session key for an hour. */
async function grantedAccount(allowance: bigint, seconds = 3600) {
  const verified = await logInThroughApi(site, backend, freshEmail('session'), freshDeviceId(), { projectId: 'latch-dev', appOrigin: 'http://127.0.0.1:5173' })
  const token = verified.token as string
  const { publicClient, walletClient, deployment } = evmClients(backend, 31337)
  const account = (await siteCall(site, `/api/account?chainId=${CHAIN}`, { token })).body.address as Address
  await publicClient.waitForTransactionReceipt({ hash: await walletClient.writeContract({ address: deployment.contracts.usdc.address, abi: erc20Abi, functionName: 'transfer', args: [account, usdc('100')] }) })
  const sessionKey = privateKeyToAccount(generatePrivateKey())
  const { timestamp } = await publicClient.getBlock()
  const validUntil = Number(timestamp) + seconds
  const owner = (to: Address, data: Hex) => siteCall(site, '/api/sign', { token, body: { chainId: CHAIN, method: 'eth_sendTransaction', params: [{ from: account, to, data }] } })
  const grant = await owner(account, encodeFunctionData({ abi: ACCOUNT_ABI, functionName: 'grantSession', args: [sessionKey.address, deployment.contracts.usdc.address, allowance, validUntil] }))
  expect(grant.body).toMatchObject({ result: expect.any(String) })
  return { token, account, sessionKey, owner, publicClient, walletClient, deployment }
}

type Granted = Awaited<ReturnType<typeof grantedAccount>>
const transfer = (to: Address, amount: bigint) => encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })

/** Through the secure site, as the frame does: prepare, sign the hash with the session key, submit. */
async function sendBySession(granted: Granted, call: { to: Address; data: Hex }) {
  const prepared = (await siteCall(site, '/api/prepare/userOperation', { token: granted.token, body: { chainId: CHAIN, calls: [call] } })).body
  const signature = await granted.sessionKey.sign({ hash: prepared.userOpHash })
  const { sender, nonce, callData } = prepared.userOperation
  return siteCall(site, '/api/submit/sessionOperation', { token: granted.token, body: { chainId: CHAIN, userOperation: { sender, nonce, callData }, sessionKey: granted.sessionKey.address, signature } })
}

/** Straight to the EntryPoint, bypassing the secure site: what a stolen session key could try. */
async function handleOpsBySession(granted: Granted, call: { to: Address; value?: bigint; data: Hex }) {
  const { publicClient, walletClient, deployment, account, sessionKey } = granted
  const nonce = await publicClient.readContract({ address: deployment.contracts.entryPoint, abi: entryPoint08Abi, functionName: 'getNonce', args: [account, 0n] })
  const callData = encodeFunctionData({ abi: ACCOUNT_ABI, functionName: 'execute', args: [call.to, call.value ?? 0n, call.data] })
  const userOperation: UserOperation<'0.8'> = { sender: account, nonce, callData, ...USER_OPERATION_GAS, signature: '0x' }
  const hash = getUserOperationHash({ userOperation, entryPointAddress: deployment.contracts.entryPoint, entryPointVersion: '0.8', chainId: 31337 })
  const signed = { ...userOperation, signature: concat([sessionKey.address, await sessionKey.sign({ hash })]) }
  return walletClient.writeContract({ address: deployment.contracts.entryPoint, abi: entryPoint08Abi, functionName: 'handleOps', args: [[toPackedUserOperation(signed)], walletClient.account.address] })
}

/** The EntryPoint's FailedOpWithRevert 'AA23 reverted' carrying the account's own reason (ABI-encoded). */
async function refusedByAccount(sent: Promise<unknown>, reason: string) {
  await expect(sent).rejects.toThrow(new RegExp(`AA23 reverted, 0x08c379a0[0-9a-f]*${toHex(reason).slice(2)}`))
}

const balanceOf = (granted: Granted, who: Address) => granted.publicClient.readContract({ address: granted.deployment.contracts.usdc.address, abi: erc20Abi, functionName: 'balanceOf', args: [who] })
const recipient = () => privateKeyToAccount(generatePrivateKey()).address

describe('smart session limits', () => {
  it('lets the session key transfer its token within the allowance, then refuses the transfer over it, at the secure site and on chain', async () => {
    const granted = await grantedAccount(usdc('10'))
    const to = recipient()
    const token = granted.deployment.contracts.usdc.address
    // Positive control: two transfers within 10 USDC land, signed by the session key alone.
    for (const amount of ['4', '5']) expect((await sendBySession(granted, { to: token, data: transfer(to, usdc(amount)) })).status).toBe(200)
    expect(await balanceOf(granted, to)).toBe(usdc('9'))
    const [, , allowance, spent] = (await granted.publicClient.readContract({ address: granted.account, abi: ACCOUNT_ABI, functionName: 'sessions', args: [granted.sessionKey.address] })) as [Address, number, bigint, bigint]
    expect({ allowance, spent }).toEqual({ allowance: usdc('10'), spent: usdc('9') })

    // Over what is left: the secure site refuses, and nothing moves.
    expect(await sendBySession(granted, { to: token, data: transfer(to, usdc('2')) })).toMatchObject({ status: 403, body: { code: 'SESSION_PERMISSION_REFUSED' } })
    // The same operation straight to the EntryPoint: the account refuses it in validation.
    await refusedByAccount(handleOpsBySession(granted, { to: token, data: transfer(to, usdc('2')) }), 'session: over allowance')
    expect(await balanceOf(granted, to)).toBe(usdc('9'))
    // What is left still goes.
    expect((await sendBySession(granted, { to: token, data: transfer(to, usdc('1')) })).status).toBe(200)
    expect(await balanceOf(granted, to)).toBe(usdc('10'))
  })

  it('refuses the session key for another token, another call, native value and signing messages', async () => {
    const granted = await grantedAccount(usdc('10'))
    const { usdc: grantedToken, ltk } = granted.deployment.contracts
    const to = recipient()
    expect((await sendBySession(granted, { to: grantedToken.address, data: transfer(to, usdc('1')) })).status).toBe(200)
    await granted.publicClient.waitForTransactionReceipt({ hash: await granted.walletClient.writeContract({ address: ltk.address, abi: erc20Abi, functionName: 'transfer', args: [granted.account, parseEther('5')] }) })

    expect(await sendBySession(granted, { to: ltk.address, data: transfer(to, 1n) })).toMatchObject({ status: 403, body: { code: 'SESSION_PERMISSION_REFUSED' } })
    await refusedByAccount(handleOpsBySession(granted, { to: ltk.address, data: transfer(to, 1n) }), 'session: another contract')
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [to, usdc('100')] })
    expect(await sendBySession(granted, { to: grantedToken.address, data: approve })).toMatchObject({ status: 403, body: { code: 'SESSION_PERMISSION_REFUSED' } })
    await refusedByAccount(handleOpsBySession(granted, { to: grantedToken.address, data: approve }), 'session: only transfer')
    await refusedByAccount(handleOpsBySession(granted, { to: to, value: 1n, data: '0x' }), 'session: another contract')
    // Only the owner may add keys: the session key cannot grant itself more.
    const more = encodeFunctionData({ abi: ACCOUNT_ABI, functionName: 'grantSession', args: [granted.sessionKey.address, grantedToken.address, usdc('1000'), Math.floor(Date.now() / 1000) + 3600] })
    await refusedByAccount(handleOpsBySession(granted, { to: granted.account, data: more }), 'session: another contract')
    // ERC-1271 stays the owner's: a session key's signature is not the account's.
    const message = 'pay me'
    const signature = await granted.sessionKey.signMessage({ message })
    expect(await granted.publicClient.verifyMessage({ address: granted.account, message, signature })).toBe(false)
    expect(await balanceOf(granted, to)).toBe(usdc('1'))
    expect(await granted.publicClient.readContract({ address: ltk.address, abi: erc20Abi, functionName: 'balanceOf', args: [to] })).toBe(0n)
  })

  it('stops the session key once the owner revokes it', async () => {
    const granted = await grantedAccount(usdc('10'))
    const token = granted.deployment.contracts.usdc.address
    const to = recipient()
    expect((await sendBySession(granted, { to: token, data: transfer(to, usdc('1')) })).status).toBe(200)
    expect((await granted.owner(granted.account, encodeFunctionData({ abi: ACCOUNT_ABI, functionName: 'revokeSession', args: [granted.sessionKey.address] }))).status).toBe(200)
    expect(await sendBySession(granted, { to: token, data: transfer(to, usdc('1')) })).toMatchObject({ status: 403, body: { code: 'SESSION_PERMISSION_REFUSED' } })
    await refusedByAccount(handleOpsBySession(granted, { to: token, data: transfer(to, usdc('1')) }), 'session: unknown or revoked key')
    expect(await balanceOf(granted, to)).toBe(usdc('1'))
    // And another user's session key is no key of this account.
    const stranger = await grantedAccount(usdc('10'))
    const prepared = (await siteCall(site, '/api/prepare/userOperation', { token: granted.token, body: { chainId: CHAIN, calls: [{ to: token, data: transfer(to, usdc('1')) }] } })).body
    const signature = await stranger.sessionKey.sign({ hash: prepared.userOpHash })
    const { sender, nonce, callData } = prepared.userOperation
    expect(await siteCall(site, '/api/submit/sessionOperation', { token: granted.token, body: { chainId: CHAIN, userOperation: { sender, nonce, callData }, sessionKey: stranger.sessionKey.address, signature } })).toMatchObject({ status: 403 })
    expect(toHex(await balanceOf(granted, to))).toBe(toHex(usdc('1')))
  })

  it('stops the session key once its time is up, by the chain’s clock', async () => {
    const granted = await grantedAccount(usdc('10'), 600)
    const token = granted.deployment.contracts.usdc.address
    const to = recipient()
    expect((await sendBySession(granted, { to: token, data: transfer(to, usdc('1')) })).status).toBe(200)
    // The chain moves past validUntil (this test's own local chain).
    const node = backend.services.evmChains.get(CHAIN)!.client
    await node.request({ method: 'evm_increaseTime' as never, params: [3600] as never })
    await node.request({ method: 'evm_mine' as never })
    expect(await sendBySession(granted, { to: token, data: transfer(to, usdc('1')) })).toMatchObject({ status: 403, body: { code: 'SESSION_PERMISSION_REFUSED', message: expect.stringMatching(/expired/) } })
    await expect(handleOpsBySession(granted, { to: token, data: transfer(to, usdc('1')) })).rejects.toThrow(/AA22 expired or not due/)
    expect(await balanceOf(granted, to)).toBe(usdc('1'))
  })
})
