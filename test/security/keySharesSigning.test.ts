import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { combine } from 'shamir-secret-sharing'
import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { base58 } from '@scure/base'
import { ed25519 } from '@noble/curves/ed25519'
import { bytesToHex, parseEther, toHex, verifyTypedData, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { RunningBackend } from '../../server/startBackend.js'
import { unsealKey } from '../../server/secureSite/SqliteKeyStore.js'
import type { TestHttpServer } from '../support/startHttpServer.js'
import { approveInWalletFrame } from '../support/approveInWalletFrame.js'
import { step } from '../support/step.js'
import { freshDeviceId, logInThroughApi, siteCall } from '../server/secureSiteSupport.js'
import { evmClients } from '../server/support.js'
import { keySharesStack } from './keySharesStack.js'
import { frameAnswer, logInThroughFrame, openFrameHostPage, postToFrame, type FrameReply } from './frameHost.js'
import { frameShares } from './frameShareStore.js'

// Issue 26, "No whole key on the server" (server/secureSite/KEY_SHARES.md, next steps 3 and 4):
// with key shares on, the frame signs every method itself and the server only sends signed bytes.
// On the real backend, chains, Solana cluster and Chromium: typed data signed in the frame
// verifies; an ETH transfer, a smart-account batch and a SOL transfer approved on the card land
// on chain. Then the server's side alone (its database, its master secret and a valid DPoP session
// of the same user on another device, but no device share) gets none of them signed: /api/sign
// refuses, and the submit routes refuse bytes any other key signed; no ETH or SOL moves.
const WAIT = 240_000
const PROJECT = 'key-shares-signing'
const HOST = '127.0.0.1'
const EVM = 'eip155:31337'
const RECIPIENT: Address = '0x000000000000000000000000000000000000dEaD'
const BATCH_RECIPIENT: Address = '0x000000000000000000000000000000000000bA7c'

const stack = keySharesStack({ project: PROJECT, frameHost: HOST, folderPrefix: 'latch-shares-signing-' })
const { dataDir, secretFile } = stack
let backend: RunningBackend
let browser: Browser
let host: TestHttpServer
beforeAll(() => void ({ backend, browser, host } = stack))

const TYPED_DATA = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'chainId', type: 'uint256' },
    ],
    Note: [{ name: 'text', type: 'string' }],
  },
  primaryType: 'Note',
  domain: { name: 'Shares Shop', chainId: 31337 },
  message: { text: 'Signed in the frame' },
} as const

/** Posts a signing request to the frame, approves its card as the visitor, and waits for the answer. */
async function approvedRequest(page: Page, payload: { method: string; params: unknown; chainId?: string }): Promise<FrameReply> {
  const id = await postToFrame(page, backend, 'RPC_REQUEST', payload)
  await approveInWalletFrame(page.frameLocator('iframe'))
  return frameAnswer(page, 'RPC_REQUEST', id)
}

/**
 * What the server's side holds of a user, read from the database file and opened with the master
 * secret: their Solana address and the auth shares of both keys.
 */
function fromDatabase(evmAddress: Address): { solanaAddress: string; authShare: Uint8Array; solanaAuthShare: Uint8Array } {
  const db = new Database(join(dataDir, 'latch.sqlite'), { readonly: true })
  try {
    const user = db.prepare<[string], { id: string; solana_address: string }>('SELECT id, solana_address FROM secure_site_users WHERE evm_address = ?').get(evmAddress)!
    const secret = Buffer.from(readFileSync(secretFile, 'utf8').trim(), 'base64')
    const open = (kind: 'secp256k1' | 'ed25519') => {
      const { sealed } = db.prepare<[string, string], { sealed: Buffer }>("SELECT sealed FROM secure_site_key_shares WHERE user_id = ? AND kind = ? AND holder = 'auth'").get(user.id, kind)!
      return new Uint8Array(unsealKey(sealed, { userId: user.id, kind: `${kind}:auth`, secret }))
    }
    return { solanaAddress: user.solana_address, authShare: open('secp256k1'), solanaAuthShare: open('ed25519') }
  } finally {
    db.close()
  }
}

/** A SOL transfer from `from` (base58 wire bytes, unsigned), as an app asks the wallet to sign it. */
const solTransfer = (from: string, to: PublicKey, lamports: number) =>
  base58.encode(
    new Transaction({ feePayer: new PublicKey(from), recentBlockhash: PublicKey.unique().toBase58() })
      .add(SystemProgram.transfer({ fromPubkey: new PublicKey(from), toPubkey: to, lamports }))
      .serialize({ requireAllSignatures: false, verifySignatures: false }),
  )

describe('given a user whose EVM key and Solana seed are kept in shares', () => {
  let page: Page
  let eoa: Address
  let smartAccount: Address
  let email: string
  let solanaAddress: string
  const solRecipient = Keypair.generate().publicKey

  it('positive control: typed data, a smart account’s message, an ETH transfer, a smart-account batch and a SOL transfer are signed in the frame and land', { timeout: WAIT }, async () => {
    page = await openFrameHostPage(browser, host, HOST)
    ;({ eoa, email, account: smartAccount } = await step('the visitor logs in through the frame by email', () => logInThroughFrame(page, backend, 'signing', 'Shares Shop')))
    expect(smartAccount).not.toBe(eoa)
    const calls: string[] = []
    page.on('request', (request) => calls.push(new URL(request.url()).pathname))
    const { walletClient, publicClient } = evmClients(backend, 31337)

    await step('eth_signTypedData_v4: signed in the frame, verified by viem for the user’s address', async () => {
      const signed = await approvedRequest(page, { method: 'eth_signTypedData_v4', params: [eoa, JSON.stringify(TYPED_DATA)] })
      expect(signed).toMatchObject({ ok: true })
      const { EIP712Domain: _domain, ...types } = TYPED_DATA.types
      expect(await verifyTypedData({ address: eoa, types, primaryType: 'Note', domain: TYPED_DATA.domain, message: TYPED_DATA.message, signature: signed.payload as Hex })).toBe(true)
    })

    await step('personal_sign for the smart account: the owner signs in the frame, the server only wraps it (ERC-6492); viem verifies it on chain', async () => {
      const signed = await approvedRequest(page, { method: 'personal_sign', params: [toHex('Smart and split'), smartAccount] })
      expect(signed, JSON.stringify(signed.payload)).toMatchObject({ ok: true })
      expect(await publicClient.verifyMessage({ address: smartAccount, message: 'Smart and split', signature: signed.payload as Hex })).toBe(true)
    })

    await step('eth_sendTransaction from the EOA: filled and signed in the frame, relayed by /api/submit/transaction, the ETH moves', async () => {
      await publicClient.waitForTransactionReceipt({ hash: await walletClient.sendTransaction({ to: eoa, value: parseEther('1') }) })
      const sent = await approvedRequest(page, { method: 'eth_sendTransaction', params: [{ from: eoa, to: RECIPIENT, value: toHex(parseEther('0.25')) }] })
      expect(sent, JSON.stringify(sent.payload)).toMatchObject({ ok: true })
      await publicClient.waitForTransactionReceipt({ hash: sent.payload as Hex })
      expect(await publicClient.getBalance({ address: RECIPIENT })).toBe(parseEther('0.25'))
    })

    await step('wallet_sendCalls from the smart account: prepared by the server, its hash signed in the frame, bundled; both calls land', async () => {
      await publicClient.waitForTransactionReceipt({ hash: await walletClient.sendTransaction({ to: smartAccount, value: parseEther('1') }) })
      const value = toHex(parseEther('0.1'))
      const sent = await approvedRequest(page, { method: 'wallet_sendCalls', params: [{ version: '2.0.0', from: smartAccount, chainId: '0x7a69', atomicRequired: true, calls: [{ to: BATCH_RECIPIENT, value }, { to: BATCH_RECIPIENT, value }] }] })
      expect(sent, JSON.stringify(sent.payload)).toMatchObject({ ok: true })
      expect(sent.payload.id).toMatch(/^0x[0-9a-f]{32}$/)
      expect(await publicClient.getBalance({ address: BATCH_RECIPIENT })).toBe(parseEther('0.2'))
    })

    await step('solana_signAndSendTransaction: signed in the frame with the split seed, sent by /api/submit/solana, the SOL moves', async () => {
      const { cluster, caipNetworkId } = backend.services.solana
      solanaAddress = fromDatabase(eoa).solanaAddress
      cluster.airdrop(solanaAddress, 2_000_000_000n)
      const sent = await approvedRequest(page, { chainId: caipNetworkId, method: 'solana_signAndSendTransaction', params: { transaction: solTransfer(solanaAddress, solRecipient, 250_000_000) } })
      expect(sent, JSON.stringify(sent.payload)).toMatchObject({ ok: true })
      expect(cluster.balance(solRecipient.toBase58())).toBe(250_000_000n)
    })

    expect(calls).toEqual(expect.arrayContaining(['/api/share', '/api/smart-account/signature', '/api/submit/transaction', '/api/prepare/userOperation', '/api/submit/userOperation', '/api/submit/solana']))
    expect(calls).not.toContain('/api/sign')
  })

  it('attack: the database, the master secret and a valid session without the device shares get nothing signed; no ETH or SOL moves', { timeout: WAIT }, async () => {
    expect(solanaAddress).toBeDefined()
    const { cluster, caipNetworkId } = backend.services.solana
    const { publicClient } = evmClients(backend, 31337)
    const server = fromDatabase(eoa)
    // The server's side: a DPoP session of the same user, made on another device (no device share there).
    const session = await step('the same user logs in through the API on another device', () =>
      logInThroughApi(backend.secureSiteUrl, backend, email, freshDeviceId(), { projectId: PROJECT, appOrigin: `http://${HOST}:${new URL(host.url).port}` }),
    )
    const call = (path: string, body: unknown) => siteCall(backend.secureSiteUrl, path, { token: session.token, body })
    const prepareBatch = async () => {
      const prepared = await call('/api/prepare/userOperation', { chainId: EVM, calls: [{ to: BATCH_RECIPIENT, value: toHex(parseEther('0.05')) }] })
      expect(prepared.status).toBe(200)
      return prepared.body as { userOperation: unknown; userOpHash: Hex }
    }
    const signedSolTransfer = (sign: (message: Uint8Array) => Uint8Array) => {
      const transaction = Transaction.from(base58.decode(solTransfer(solanaAddress, solRecipient, 100_000_000)))
      transaction.addSignature(new PublicKey(solanaAddress), Buffer.from(sign(transaction.serializeMessage())))
      return base58.encode(transaction.serialize({ verifySignatures: false }))
    }

    await step('positive control: with the user’s keys (the frame’s device shares and the auth shares, as only the frame assembles them), this session’s submit routes send: a UserOperation and a SOL transfer land', async () => {
      const held = (await frameShares(page, eoa))!
      const owner = privateKeyToAccount(bytesToHex(await combine([held.deviceShare, server.authShare])))
      expect(owner.address).toBe(eoa)
      const seed = await combine([held.solanaShare!, server.solanaAuthShare])
      expect(base58.encode(ed25519.getPublicKey(seed))).toBe(solanaAddress)

      const before = await publicClient.getBalance({ address: BATCH_RECIPIENT })
      const { userOperation, userOpHash } = await prepareBatch()
      const submitted = await call('/api/submit/userOperation', { chainId: EVM, userOperation, signature: await owner.sign({ hash: userOpHash }) })
      expect(submitted.status).toBe(200)
      expect(await publicClient.getBalance({ address: BATCH_RECIPIENT })).toBe(before + parseEther('0.05'))

      const sol = cluster.balance(solRecipient.toBase58())
      expect((await call('/api/submit/solana', { chainId: caipNetworkId, transaction: signedSolTransfer((message) => ed25519.sign(message, seed)) })).status).toBe(200)
      expect(cluster.balance(solRecipient.toBase58())).toBe(sol + 100_000_000n)
    })

    await step('without them: /api/sign signs nothing, and the submit routes refuse what any other key signed; no ETH or SOL moves', async () => {
      const balances = async () => [await publicClient.getBalance({ address: RECIPIENT }), await publicClient.getBalance({ address: BATCH_RECIPIENT }), cluster.balance(solRecipient.toBase58())]
      const before = await balances()
      const signInFrame = { status: 403, body: { code: 'SIGN_IN_FRAME' } }
      const sign = (chainId: string, method: string, params: unknown) => call('/api/sign', { chainId, method, params })
      expect(await sign(EVM, 'eth_signTypedData_v4', [eoa, JSON.stringify(TYPED_DATA)])).toMatchObject(signInFrame)
      expect(await sign(EVM, 'eth_sendTransaction', [{ from: eoa, to: RECIPIENT, value: toHex(parseEther('0.1')) }])).toMatchObject(signInFrame)
      expect(await sign(EVM, 'wallet_sendCalls', [{ from: smartAccount, calls: [{ to: BATCH_RECIPIENT, value: toHex(parseEther('0.1')) }] }])).toMatchObject(signInFrame)
      expect(await sign(caipNetworkId, 'solana_signAndSendTransaction', { transaction: solTransfer(solanaAddress, solRecipient, 100_000_000) })).toMatchObject(signInFrame)

      const stranger = privateKeyToAccount(generatePrivateKey())
      const transfer = await stranger.signTransaction({ type: 'eip1559', chainId: 31337, nonce: 0, gas: 21_000n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 1n, to: RECIPIENT, value: parseEther('0.1') })
      const refused = (what: string) => ({ status: 400, body: { code: 'SIGNED_BYTES_REFUSED', message: expect.stringContaining(`Signed ${what} refused: its signer`) } })
      expect(await call('/api/submit/transaction', { chainId: EVM, transaction: transfer })).toMatchObject(refused('transaction'))
      expect(await call('/api/submit/calls', { chainId: EVM, transactions: [transfer] })).toMatchObject(refused('transaction'))
      const { userOperation, userOpHash } = await prepareBatch()
      expect(await call('/api/submit/userOperation', { chainId: EVM, userOperation, signature: await stranger.sign({ hash: userOpHash }) })).toMatchObject(refused('UserOperation'))
      const strangerSeed = ed25519.utils.randomSecretKey()
      expect(await call('/api/submit/solana', { chainId: caipNetworkId, transaction: signedSolTransfer((message) => ed25519.sign(message, strangerSeed)) })).toMatchObject({
        status: 400,
        body: { code: 'SIGNED_BYTES_REFUSED', message: "Signed Solana transaction refused: its signature is not this session's wallet's; nothing was sent" },
      })
      expect(await call('/api/submit/solana', { chainId: caipNetworkId, transaction: solTransfer(solanaAddress, solRecipient, 100_000_000) })).toMatchObject({ status: 400, body: { code: 'SIGNED_BYTES_REFUSED' } })
      expect(await balances()).toEqual(before)
    })
    await page.close()
  })
})
