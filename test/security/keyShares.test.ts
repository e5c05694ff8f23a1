import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { combine } from 'shamir-secret-sharing'
import { bytesToHex, parseEther, toHex, verifyMessage, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { RunningBackend } from '../../server/startBackend.js'
import { unsealKey } from '../../server/secureSite/SqliteKeyStore.js'
import type { TestHttpServer } from '../support/startHttpServer.js'
import { approveInWalletFrame } from '../support/approveInWalletFrame.js'
import { step } from '../support/step.js'
import { freshDeviceId, logInThroughApi, siteCall } from '../server/secureSiteSupport.js'
import { evmClients } from '../server/support.js'
import { keySharesStack } from './keySharesStack.js'
import { frameAnswer, logInThroughFrame, openFrameHostPage, postToFrame } from './frameHost.js'
import { addressOf, databaseRows as rowsIn, folderBytes as bytesIn, frameShares, keyForms, openShare } from './keyShareFiles.js'

// Issue 26, "No whole key on the server", first step (server/secureSite/KEY_SHARES.md): with key
// shares on, a new user's secp256k1 key is split 2-of-3 at creation. The database keeps the
// server's auth share (sealed under the master secret) and the recovery share (sealed under a
// recovery secret the frame holds); the frame keeps the device share in IndexedDB. On the real
// backend, chains and Chromium: the shares are the key (the test combines them into the user's
// address), personal_sign is signed inside the frame and verifies, and everything the server has
// (database, data folder, master secret) signs nothing for that user: no whole key in its bytes,
// its own API never signs with a split key (403 SIGN_IN_FRAME) and relays only bytes the user's
// key signed, with no ETH moving. keySharesSigning.test.ts covers every other method.
const WAIT = 240_000
const PROJECT = 'key-shares-host'
const HOST = '127.0.0.1'
const MESSAGE = 'Signed in the frame, with shares'
const RECIPIENT: Address = '0x000000000000000000000000000000000000bEEF'

const stack = keySharesStack({ project: PROJECT, frameHost: HOST, folderPrefix: 'latch-shares-' })
const { dataDir, masterSecret } = stack
let backend: RunningBackend
let browser: Browser
let host: TestHttpServer
beforeAll(() => void ({ backend, browser, host } = stack))
const databaseRows = (evmAddress: Address) => rowsIn(dataDir, evmAddress)
const folderBytes = () => bytesIn(dataDir)

describe('given a new user whose key is kept in shares', () => {
  let page: Page
  let eoa: Address
  let email: string
  let deviceShare: Uint8Array
  let privateKey: Uint8Array

  it('positive control: the shares are the key, and personal_sign is signed in the frame and verifies', { timeout: WAIT }, async () => {
    page = await openFrameHostPage(browser, host, HOST)
    ;({ eoa, email } = await step('the visitor logs in through the frame by email', () => logInThroughFrame(page, backend, 'shares', 'Shares Shop')))

    const rows = await step('the database holds no whole secp256k1 key: an auth share and a recovery share, both sealed', () => {
      const found = databaseRows(eoa)
      expect(found.wholeKeys).toEqual([])
      expect(Object.keys(found.shares).sort()).toEqual(['auth', 'recovery'])
      for (const row of Object.values(found.shares)) expect(row?.public_key).toBe(eoa)
      return found
    })

    await step('the device share and the server’s auth share combine into the user’s key; so do the recovery and auth shares', async () => {
      const held = (await frameShares(page, eoa))!
      expect(held).toBeDefined()
      deviceShare = held.deviceShare
      const authShare = openShare(rows.shares.auth!.sealed, { userId: rows.userId, kind: 'secp256k1:auth', secret: masterSecret() })
      privateKey = await combine([deviceShare, authShare])
      expect(addressOf(privateKey)).toBe(eoa)
      // The frame keeps no recovery secret: the vault does, sealed under its own key.
      expect(held.recoverySecret).toBeUndefined()
      const recoverySecret = Buffer.from(openShare(rows.vault!, { userId: rows.userId, kind: 'recovery-vault', secret: stack.recoveryVaultKey() }))
      const recoveryShare = openShare(rows.shares.recovery!.sealed, { userId: rows.userId, kind: 'secp256k1:recovery', secret: recoverySecret })
      expect(addressOf(await combine([recoveryShare, authShare]))).toBe(eoa)
    })

    await step('personal_sign: approved on the card, signed in the frame (the auth share released, /api/sign never called), verified by viem', async () => {
      const calls: string[] = []
      page.on('request', (request) => calls.push(new URL(request.url()).pathname))
      const id = await postToFrame(page, backend, 'RPC_REQUEST', { method: 'personal_sign', params: [toHex(MESSAGE), eoa] })
      await approveInWalletFrame(page.frameLocator('iframe'))
      const signed = await frameAnswer(page, 'RPC_REQUEST', id)
      expect(signed.ok).toBe(true)
      expect(await verifyMessage({ address: eoa, message: MESSAGE, signature: signed.payload as Hex })).toBe(true)
      expect(calls).toContain('/api/share')
      expect(calls).not.toContain('/api/sign')
    })
  })

  it('attack: the database, the data folder and the master secret (without the recovery vault key) sign nothing for that user', { timeout: WAIT }, async () => {
    expect(privateKey).toBeDefined()
    const rows = databaseRows(eoa)
    const authShare = openShare(rows.shares.auth!.sealed, { userId: rows.userId, kind: 'secp256k1:auth', secret: masterSecret() })

    await step('the folder’s bytes hold the sealed shares but not the key, raw or hex', () => {
      const bytes = folderBytes()
      // The scan's control: it does find what the database holds.
      expect(bytes.includes(rows.shares.auth!.sealed)).toBe(true)
      for (const form of keyForms(privateKey)) expect(bytes.includes(form)).toBe(false)
    })

    await step('the master secret opens the auth share only: the recovery share stays sealed, and one share is no key', async () => {
      expect(() => unsealKey(rows.shares.recovery!.sealed, { userId: rows.userId, kind: 'secp256k1:recovery', secret: masterSecret() })).toThrow()
      // The recovery secret is sealed under the recovery vault key, which lives apart from the master secret.
      expect(() => unsealKey(rows.vault!, { userId: rows.userId, kind: 'recovery-vault', secret: masterSecret() })).toThrow()
      expect(addressOf(authShare.subarray(0, 32))).not.toBe(eoa)
      expect(addressOf(authShare.subarray(1))).not.toBe(eoa)
      await expect(combine([authShare])).rejects.toThrow()
    })

    // The server itself (database + master secret) with a session of the same user, made on another device.
    const frame = { projectId: PROJECT, appOrigin: `http://${HOST}:${new URL(host.url).port}` }
    const session = await step('the same user logs in through the API on another device', () => logInThroughApi(backend.secureSiteUrl, backend, email, freshDeviceId(), frame))
    expect(session.user.evmAddress).toBe(eoa)
    const { walletClient, publicClient } = evmClients(backend, 31337)
    const sign = (method: string, params: unknown) => siteCall(backend.secureSiteUrl, '/api/sign', { token: session.token, body: { chainId: 'eip155:31337', method, params } })
    const transfer = async (key: Hex) => {
      const nonce = await publicClient.getTransactionCount({ address: eoa })
      const fees = await publicClient.estimateFeesPerGas()
      return privateKeyToAccount(key).signTransaction({ type: 'eip1559', chainId: 31337, nonce, gas: 21_000n, ...fees, to: RECIPIENT, value: parseEther('0.1') })
    }
    const submit = async (transaction: Hex) => siteCall(backend.secureSiteUrl, '/api/submit/transaction', { token: session.token, body: { chainId: 'eip155:31337', transaction } })

    await step('positive control: bytes signed with the user’s key (assembled from the device share, as the frame does) are sent by this session, seen on chain', async () => {
      await publicClient.waitForTransactionReceipt({ hash: await walletClient.sendTransaction({ to: eoa, value: parseEther('1') }) })
      const sent = await submit(await transfer(bytesToHex(privateKey)))
      expect(sent.status).toBe(200)
      await publicClient.waitForTransactionReceipt({ hash: sent.body.hash })
      expect(await publicClient.getBalance({ address: RECIPIENT })).toBe(parseEther('0.1'))
    })

    await step('without the device share the server signs nothing (403 SIGN_IN_FRAME, even with the old deviceShare field) and relays nothing another key signed; no ETH moves', async () => {
      const before = await publicClient.getBalance({ address: RECIPIENT })
      const refused = { status: 403, body: { code: 'SIGN_IN_FRAME', message: "This wallet's key is split: only its wallet frame signs, and the server only sends what the frame signed (POST /api/submit/...)" } }
      expect(await sign('eth_sendTransaction', [{ from: eoa, to: RECIPIENT, value: toHex(parseEther('0.1')) }])).toMatchObject(refused)
      const forged = Buffer.from(deviceShare)
      forged[0]! ^= 1
      const withShare = await siteCall(backend.secureSiteUrl, '/api/sign', {
        token: session.token,
        body: { chainId: 'eip155:31337', method: 'eth_sendTransaction', params: [{ from: eoa, to: RECIPIENT, value: toHex(parseEther('0.1')) }], deviceShare: forged.toString('base64url') },
      })
      expect(withShare.status).not.toBe(200)
      const personal = await sign('personal_sign', [toHex(MESSAGE), eoa])
      expect(personal).toMatchObject(refused)
      expect(personal.body.result).toBeUndefined()
      // The server's own share is one share: as a key it signs for another address, which the relay refuses.
      const fromAuthShare = await submit(await transfer(bytesToHex(authShare.subarray(1))))
      expect(fromAuthShare).toMatchObject({ status: 400, body: { code: 'SIGNED_BYTES_REFUSED', message: "Signed transaction refused: its signer is not this session's wallet; nothing was sent" } })
      expect(await publicClient.getBalance({ address: RECIPIENT })).toBe(before)
    })
    await page.close()
  })
})
