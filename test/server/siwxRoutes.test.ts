import { mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { encodeDeployData, encodeFunctionData, getAddress, getContractAddress, keccak256, serializeErc6492Signature, toHex, type Abi, type Hex, type LocalAccount } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSiwxMessage } from '../../plugins/siwx/createSiwxMessage.js'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { DEV_PROJECT } from '../../server/plugins/projects/projects.js'
import { call, DEV_MNEMONIC, evmClients } from './support.js'
import { writeMasterSecretFile } from '../support/masterSecretFile.js'
import { testDatabaseUrl } from '../support/testDatabase.js'

// Issue 13: sign-in-with-wallet sessions on the reference backend, against its real local
// chains: single-use nonces, the message checked against the page (Origin, allowed origins),
// its time bounds, the signature verified on chain (an EOA's and an EIP-1271 contract's), the
// session listed and revoked with its token, and kept across a restart.
const q = 'projectId=latch-dev'
const PAGE = 'http://127.0.0.1:5173'
const visitor = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 11 })
const stranger = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 12 })
const SLOW = 120_000

let backend: RunningBackend
let dataDir: string
// Run twice by `npm test`: on the SQLite file, and on a Postgres database of the run's cluster.
let databaseUrl: string | undefined
// Outside dev mode a real data folder needs the operator's master secret, kept outside it.
const masterSecretFile = writeMasterSecretFile()
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'latch-siwx-'))
  databaseUrl = await testDatabaseUrl()
  // latch-dev, plus a project open to every origin ('*'), for the Origin: null case.
  backend = await startBackend({ dataDir, databaseUrl, masterSecretFile, projects: [DEV_PROJECT, { ...DEV_PROJECT, id: 'open-to-all', allowedOrigins: ['*'] }] })
}, SLOW)
afterAll(async () => {
  await backend?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const nonce = async () => (await call(backend, `/v1/siwx/nonce?${q}`, { body: {} })).body.nonce as string

interface Sign {
  signer?: LocalAccount
  address?: Hex
  origin?: string
  domain?: string
  chainId?: number
  nonce?: string
  issuedAt?: Date
  expirationTime?: Date
}

/** An EIP-4361 message for the page, signed (personal_sign) by `signer`, posted with the page's Origin. */
async function signIn({ signer = visitor, address = signer.address, origin = PAGE, domain = new URL(origin).host, chainId = 31337, ...rest }: Sign = {}) {
  const message = createSiweMessage({ domain, address, chainId, uri: origin, version: '1', nonce: rest.nonce ?? (await nonce()), issuedAt: rest.issuedAt ?? new Date(), expirationTime: rest.expirationTime })
  const signature = await signer.signMessage({ message })
  const answer = await call(backend, `/v1/siwx/sessions?${q}`, { body: { message, signature }, headers: { origin } })
  return { ...answer, message, signature }
}

const list = (token: string, address: string = visitor.address, chainId = 'eip155:31337') =>
  call(backend, `/v1/siwx/sessions?${q}&chainId=${chainId}&address=${address}`, { headers: { authorization: `Bearer ${token}` } })
const revoke = (token: string, address: string = visitor.address, chainId = 'eip155:31337') =>
  call(backend, `/v1/siwx/sessions/revoke?${q}`, { body: { chainId, address }, headers: { authorization: `Bearer ${token}` } })

describe('given a visitor signing in from an allowed page', () => {
  it('stores the verified session, lists it with the token, and deletes it on revoke', async () => {
    const signed = await signIn()
    expect(signed.status).toBe(200)
    expect(signed.body.session).toEqual({
      data: { accountAddress: visitor.address, chainId: 'eip155:31337', domain: '127.0.0.1:5173', uri: PAGE, nonce: expect.stringMatching(/^[0-9a-f]{24}$/), issuedAt: expect.any(String) },
      message: signed.message,
      signature: signed.signature,
    })
    const { token } = signed.body
    expect((await list(token)).body).toEqual({ sessions: [signed.body.session] })
    // The token is for its own account only.
    expect(await list(token, stranger.address)).toMatchObject({ status: 403, body: { code: 'SESSION_TOKEN_MISMATCH' } })
    expect(await list(`${token.slice(0, -4)}AAAA`)).toMatchObject({ status: 401, body: { code: 'SESSION_TOKEN_INVALID' } })

    expect((await revoke(token)).body).toEqual({ revoked: 1 })
    expect(await list(token)).toMatchObject({ status: 401, body: { code: 'SESSION_TOKEN_INVALID' } })
  })

  it('accepts a nonce once', async () => {
    const first = await signIn()
    expect(first.status).toBe(200)
    const replay = await call(backend, `/v1/siwx/sessions?${q}`, { body: { message: first.message, signature: first.signature }, headers: { origin: PAGE } })
    expect(replay).toMatchObject({ status: 409, body: { code: 'NONCE_USED', message: 'message/nonce was already used: ask for a new one' } })
    expect(await signIn({ nonce: 'abcdef0123456789abcdef01' })).toMatchObject({ status: 400, body: { code: 'NONCE_UNKNOWN' } })
  })

  it('refuses a nonce past its 10 minutes', async () => {
    const stale = await nonce()
    // Ten minutes on: the row's deadline moved into the past rather than waiting.
    await backend.storage.db.updateTable('siwx_nonces').set({ expires_at: Date.now() - 1 }).where('nonce', '=', stale).execute()
    expect(await signIn({ nonce: stale })).toMatchObject({ status: 400, body: { code: 'NONCE_EXPIRED', message: 'message/nonce has expired: ask for a new one' } })
    expect((await signIn()).status).toBe(200)
  })

  it('refuses a message for another page, from an origin the project does not allow, or without an Origin', async () => {
    expect(await signIn({ domain: 'evil.example' })).toMatchObject({
      status: 400,
      body: { code: 'DOMAIN_MISMATCH', message: 'message/domain and message/uri must name the page signing in (127.0.0.1:5173)' },
    })
    expect(await signIn({ origin: 'https://evil.example' })).toMatchObject({ status: 403, body: { code: 'ORIGIN_NOT_ALLOWED' } })
    const message = createSiweMessage({ domain: '127.0.0.1:5173', address: visitor.address, chainId: 31337, uri: PAGE, version: '1', nonce: await nonce() })
    const noOrigin = await call(backend, `/v1/siwx/sessions?${q}`, { body: { message, signature: await visitor.signMessage({ message }) } })
    expect(noOrigin).toMatchObject({ status: 403, body: { code: 'ORIGIN_NOT_ALLOWED' } })
  })

  it('refuses an opaque Origin (null: a sandboxed frame or a file) even for a project open to every origin', async () => {
    const open = 'projectId=open-to-all'
    const signed = async (origin: string) => {
      const message = createSiweMessage({ domain: new URL(PAGE).host, address: visitor.address, chainId: 31337, uri: PAGE, version: '1', nonce: (await call(backend, `/v1/siwx/nonce?${open}`, { body: {} })).body.nonce })
      return call(backend, `/v1/siwx/sessions?${open}`, { body: { message, signature: await visitor.signMessage({ message }) }, headers: { origin } })
    }
    // The project admits the page itself, so the refusal below is the opaque origin's.
    expect((await signed(PAGE)).status).toBe(200)
    expect(await signed('null')).toMatchObject({ status: 403, body: { code: 'ORIGIN_NOT_ALLOWED' } })
  })

  it('refuses an expired message, one dated in the future, and one on a chain the server does not serve', async () => {
    expect(await signIn({ expirationTime: new Date(Date.now() - 1000), issuedAt: new Date(Date.now() - 60_000) })).toMatchObject({ status: 400, body: { code: 'MESSAGE_EXPIRED' } })
    expect(await signIn({ issuedAt: new Date(Date.now() + 3600_000) })).toMatchObject({ status: 400, body: { code: 'MESSAGE_NOT_YET_VALID' } })
    expect(await signIn({ chainId: 1 })).toMatchObject({ status: 400, body: { code: 'UNSUPPORTED_CHAIN' } })
  })

  it('refuses a signature by another account, and a message that is not EIP-4361', async () => {
    expect(await signIn({ signer: stranger, address: visitor.address })).toMatchObject({ status: 401, body: { code: 'INVALID_SIGNATURE' } })
    const garbage = await call(backend, `/v1/siwx/sessions?${q}`, { body: { message: 'hello', signature: await visitor.signMessage({ message: 'hello' }) }, headers: { origin: PAGE } })
    expect(garbage).toMatchObject({ status: 400, body: { code: 'INVALID_MESSAGE' } })
    const extra = await call(backend, `/v1/siwx/sessions?${q}`, { body: { message: 'x', signature: '0x00', admin: true }, headers: { origin: PAGE } })
    expect(extra).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } })
  })
})

describe('given a Solana account signing in on the local cluster', () => {
  it('verifies the ed25519 signature of the kit’s CAIP-122 message, and refuses another key’s', async () => {
    const secret = ed25519.utils.randomPrivateKey()
    const address = base58.encode(ed25519.getPublicKey(secret))
    const chainId = backend.deployment.solana.caipNetworkId
    const sign = async (key: Uint8Array) => {
      const message = await createSiwxMessage({ domain: '127.0.0.1:5173', address, chainId, uri: PAGE, nonce: await nonce(), issuedAt: new Date().toISOString(), statement: 'URI: https://evil.example' })
      const signature = base58.encode(ed25519.sign(new TextEncoder().encode(message), key))
      return call(backend, `/v1/siwx/sessions?${q}`, { body: { message, signature }, headers: { origin: PAGE } })
    }
    const signed = await sign(secret)
    expect(signed.status).toBe(200)
    expect(signed.body.session.data).toMatchObject({ accountAddress: address, chainId, uri: PAGE })
    expect((await list(signed.body.token, address, chainId)).body.sessions).toEqual([signed.body.session])
    expect(await sign(ed25519.utils.randomPrivateKey())).toMatchObject({ status: 401, body: { code: 'INVALID_SIGNATURE' } })
  })
})

describe('given a deployed smart account (EIP-1271) owned by the visitor', () => {
  it('verifies the owner’s signature through the contract, and refuses a stranger’s', { timeout: SLOW }, async () => {
    const wallet = await deployOwnedSigner(visitor.address)
    const owned = await signIn({ signer: visitor, address: wallet })
    expect(owned.status).toBe(200)
    expect(owned.body.session.data.accountAddress).toBe(wallet)
    expect(await signIn({ signer: stranger, address: wallet })).toMatchObject({ status: 401, body: { code: 'INVALID_SIGNATURE' } })
  })
})

describe('given a smart account not deployed yet (ERC-6492)', () => {
  it('verifies a signature wrapped with its factory call, and refuses one by a stranger', { timeout: SLOW }, async () => {
    const { signer, factory } = compileOwnedSigner()
    const factoryAddress = await deploy(factory.bytecode)
    const salt = keccak256(toHex('siwx-6492'))
    const wallet = getContractAddress({ opcode: 'CREATE2', from: factoryAddress, salt, bytecode: encodeDeployData({ ...signer, args: [visitor.address] }) })
    const { publicClient } = evmClients(backend, 31337, 1)
    expect(await publicClient.getCode({ address: wallet })).toBeUndefined()
    const factoryData = encodeFunctionData({ abi: factory.abi, functionName: 'deploy', args: [visitor.address, salt] })
    /** The owner's (or a stranger's) signature, wrapped as ERC-6492 with the call that would deploy the account. */
    const wrapped = (by: LocalAccount): LocalAccount => ({
      ...by,
      address: wallet,
      signMessage: async (args) => serializeErc6492Signature({ address: factoryAddress, data: factoryData, signature: await by.signMessage(args) }),
    })
    const signed = await signIn({ signer: wrapped(visitor), address: wallet })
    expect(signed.status).toBe(200)
    expect(signed.body.session.data.accountAddress).toBe(wallet)
    // Verified by simulating the deployment: the account is still not on chain.
    expect(await publicClient.getCode({ address: wallet })).toBeUndefined()
    expect(await signIn({ signer: wrapped(stranger), address: wallet })).toMatchObject({ status: 401, body: { code: 'INVALID_SIGNATURE' } })
  })
})

describe('given a backend restarted on the same data folder', () => {
  it('still lists a session signed before the restart, with the same token', { timeout: SLOW }, async () => {
    const signed = await signIn()
    await backend.close()
    // latch-dev, plus a project open to every origin ('*'), for the Origin: null case.
    backend = await startBackend({ dataDir, databaseUrl, masterSecretFile, projects: [DEV_PROJECT, { ...DEV_PROJECT, id: 'open-to-all', allowedOrigins: ['*'] }] })
    expect((await list(signed.body.token)).body.sessions).toContainEqual(signed.body.session)
  })
})

/** A tiny EIP-1271 wallet (valid when `ecrecover` gives its owner) and a CREATE2 factory of it, compiled with hardhat's solc. */
function compileOwnedSigner() {
  const source = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract OwnedSigner {
  address public immutable owner;
  constructor(address o) { owner = o; }
  function isValidSignature(bytes32 hash, bytes calldata sig) external view returns (bytes4) {
    if (sig.length != 65) return 0xffffffff;
    bytes32 r = bytes32(sig[0:32]);
    bytes32 s = bytes32(sig[32:64]);
    uint8 v = uint8(sig[64]);
    return ecrecover(hash, v, r, s) == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
  }
}
contract OwnedSignerFactory {
  function deploy(address o, bytes32 salt) external returns (address) {
    return address(new OwnedSigner{salt: salt}(o));
  }
}`
  const solc = createRequire(import.meta.url)('solc') as { compile(input: string): string }
  const input = { language: 'Solidity', sources: { 'OwnedSigner.sol': { content: source } }, settings: { evmVersion: 'paris', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } } }
  const contracts = JSON.parse(solc.compile(JSON.stringify(input))).contracts['OwnedSigner.sol']
  const artifact = (name: string) => ({ abi: contracts[name].abi as Abi, bytecode: `0x${contracts[name].evm.bytecode.object}` as Hex })
  return { signer: artifact('OwnedSigner'), factory: artifact('OwnedSignerFactory') }
}

async function deploy(data: Hex): Promise<Hex> {
  const { walletClient, publicClient } = evmClients(backend, 31337, 1)
  const receipt = await publicClient.waitForTransactionReceipt({ hash: await walletClient.sendTransaction({ data }) })
  return getAddress(receipt.contractAddress!)
}

async function deployOwnedSigner(owner: Hex): Promise<Hex> {
  const { signer } = compileOwnedSigner()
  return deploy(encodeDeployData({ ...signer, args: [owner] }))
}
