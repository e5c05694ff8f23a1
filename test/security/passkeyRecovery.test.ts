import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { combine } from 'shamir-secret-sharing'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import Database from 'better-sqlite3'
import { join } from 'node:path'
import { toHex, verifyMessage, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { RunningBackend } from '../../server/startBackend.js'
import { unsealKey, type SealedKind } from '../../server/secureSite/SqliteKeyStore.js'
import type { TestHttpServer } from '../support/startHttpServer.js'
import { approveInWalletFrame } from '../support/approveInWalletFrame.js'
import { step } from '../support/step.js'
import { freshDeviceId, logInThroughApi, siteCall } from '../server/secureSiteSupport.js'
import { keySharesStack } from './keySharesStack.js'
import { frameAnswer, frameRequest, logInThroughFrame, openFrameHostPage, postToFrame, receivedBy, startFrameHost } from './frameHost.js'
import { addressOf, databaseRows, folderBytes, frameShares, keyForms, openShare } from './keyShareFiles.js'
import { addPasskeyAuthenticator, passkeyWindow, type PasskeyCredential } from './passkeyWindow.js'

// Issue 26, "No whole key on the server", passkey step (server/secureSite/KEY_SHARES.md): a split
// key's recovery share is sealed under a passkey. On the real backend and Chromium, with its
// virtual authenticator (CDP WebAuthn): device A registers a passkey in the secure site's window,
// which takes the recovery share's place; device B (another browser, same email) recovers the
// key with that passkey, re-splits it (A's old device share then combines with nothing) and
// signs as A's address; the key exported in the secure site's window is that address's. The
// attacks: what the server holds (database, data folder, master secret) opens no recovery share
// and signs nothing; a session without the passkey gets no recovery share and cannot re-split.
const WAIT = 240_000
const PROJECT = 'passkey-host'
// Both at `localhost`: a WebAuthn RP ID is a host name, never an IP; and a same-site frame keeps its IndexedDB.
const HOST = 'localhost'
const MESSAGE = 'Signed on a recovered device'

const stack = keySharesStack({ project: PROJECT, frameHost: HOST, backendHost: HOST, folderPrefix: 'latch-passkeys-' })
const { dataDir, masterSecret } = stack
let backend: RunningBackend
let browser: Browser
let host: TestHttpServer
beforeAll(() => void ({ backend, browser, host } = stack))
/** The user's Solana address, as the database holds it. */
function databaseUser(evmAddress: Address): { solanaAddress: string } {
  const db = new Database(join(dataDir, 'latch.sqlite'), { readonly: true })
  try {
    return { solanaAddress: db.prepare<[string], { solana_address: string }>('SELECT solana_address FROM secure_site_users WHERE evm_address = ?').get(evmAddress)!.solana_address }
  } finally {
    db.close()
  }
}
const openAuthShare = (rows: ReturnType<typeof databaseRows>) => openShare(rows.shares.auth!.sealed, { userId: rows.userId, kind: 'secp256k1:auth', secret: masterSecret() })

describe('given a wallet whose key is kept in shares, and a passkey on the virtual authenticator', () => {
  let pageA: Page
  let pageB: Page
  let eoa: Address
  let email: string
  let credential: PasskeyCredential
  let oldDeviceShare: Uint8Array
  let privateKey: Hex

  it('positive control: device A adds a passkey, device B recovers with it, signs as A, and exports the same key', { timeout: WAIT }, async () => {
    pageA = await openFrameHostPage(browser, host, HOST)
    ;({ eoa, email } = await step('device A logs in by email', () => logInThroughFrame(pageA, backend, 'passkey', 'Passkey Shop')))
    oldDeviceShare = (await frameShares(pageA, eoa))!.deviceShare

    credential = await step('device A adds a passkey in the secure site’s window; its largeBlob now seals the recovery share', async () => {
      const opening = passkeyWindow(pageA)
      const added = postToFrame(pageA, backend, 'ADD_PASSKEY')
      const window = await opening
      const authenticator = await addPasskeyAuthenticator(window.page)
      await window.press('Create passkey')
      expect(await frameAnswer(pageA, 'ADD_PASSKEY', await added)).toEqual({ ok: true, payload: undefined })
      const [created] = await authenticator.credentials()
      expect(created?.rpId).toBe(HOST)
      return created!
    })

    await step('the server stores the passkey, and the recovery share sealed under it in place of the recovery secret’s; device A forgets that secret', async () => {
      const rows = databaseRows(dataDir, eoa)
      expect(Object.keys(rows.shares).sort()).toEqual(['auth', 'passkey'])
      expect(rows.passkeys).toHaveLength(1)
      const held = (await frameShares(pageA, eoa))!
      expect(held.recoverySecret).toBeUndefined()
      expect(held.deviceShare).toEqual(oldDeviceShare)
    })
    const authBefore = openAuthShare(databaseRows(dataDir, eoa))
    expect(addressOf(await combine([oldDeviceShare, authBefore]))).toBe(eoa)

    pageB = await openFrameHostPage(browser, host, HOST)
    await step('device B (another browser) logs in with the same email; it holds no share', async () => {
      expect((await logInThroughFrame(pageB, backend, 'passkey', 'Passkey Shop', email)).eoa).toBe(eoa)
      expect(await frameShares(pageB, eoa)).toBeUndefined()
    })

    await step('device B recovers with the passkey (moved to its authenticator) in the secure site’s window', async () => {
      const opening = passkeyWindow(pageB)
      const recovering = postToFrame(pageB, backend, 'RECOVER_WITH_PASSKEY')
      const window = await opening
      const authenticator = await addPasskeyAuthenticator(window.page, credential)
      await window.press('Use passkey')
      expect(await frameAnswer(pageB, 'RECOVER_WITH_PASSKEY', await recovering)).toEqual({ ok: true, payload: { address: eoa } })
      // The passkey as it is now (its signature counter moved on), for the logins below.
      credential = (await authenticator.credentials())[0]!
    })

    await step('device B signs personal_sign in the frame; the signature is A’s address’s', async () => {
      const id = await postToFrame(pageB, backend, 'RPC_REQUEST', { method: 'personal_sign', params: [toHex(MESSAGE), eoa] })
      await approveInWalletFrame(pageB.frameLocator('iframe'))
      const signed = await frameAnswer(pageB, 'RPC_REQUEST', id)
      expect(signed.ok).toBe(true)
      expect(await verifyMessage({ address: eoa, message: MESSAGE, signature: signed.payload as Hex })).toBe(true)
    })

    await step('device B signs a Solana message too: the passkey recovered the Solana seed, as A’s Solana address', async () => {
      const { solanaAddress } = databaseUser(eoa)
      const { caipNetworkId } = backend.services.solana
      const id = await postToFrame(pageB, backend, 'RPC_REQUEST', { chainId: caipNetworkId, method: 'solana_signMessage', params: { message: base58.encode(new TextEncoder().encode(MESSAGE)), pubkey: solanaAddress } })
      await approveInWalletFrame(pageB.frameLocator('iframe'))
      const signed = await frameAnswer(pageB, 'RPC_REQUEST', id)
      expect(signed.ok).toBe(true)
      const signature = base58.decode((signed.payload as { signature: string }).signature)
      expect(ed25519.verify(signature, new TextEncoder().encode(MESSAGE), base58.decode(solanaAddress))).toBe(true)
    })

    await step('the key was split afresh: B’s new device share makes the key with the new auth share; A’s old one no longer does', async () => {
      const rows = databaseRows(dataDir, eoa)
      const authAfter = openAuthShare(rows)
      expect(authAfter).not.toEqual(authBefore)
      expect(addressOf(await combine([(await frameShares(pageB, eoa))!.deviceShare, authAfter]))).toBe(eoa)
      // Each split draws its shares' x-coordinates at random, so 1 time in 255 the old share and the new one share an x
      // and combine refuses them outright: that too means the old share no longer makes the key.
      const fromOldShare = await combine([oldDeviceShare, authAfter]).then(addressOf, (error: Error) => error.message)
      expect(fromOldShare).not.toBe(eoa)
    })

    privateKey = await step('device B exports the key in the secure site’s window: viem gives the same address, and the host page never received it', async () => {
      const opening = passkeyWindow(pageB)
      const exporting = postToFrame(pageB, backend, 'EXPORT_PRIVATE_KEY')
      const window = await opening
      await window.press('Show private key')
      const shown = (await window.page.locator('#private-key').textContent({ timeout: 15_000 })) as Hex
      expect(privateKeyToAccount(shown).address).toBe(eoa)
      expect(await frameAnswer(pageB, 'EXPORT_PRIVATE_KEY', await exporting)).toEqual({ ok: true, payload: undefined })
      expect(JSON.stringify(await receivedBy(pageB)).toLowerCase()).not.toContain(shown.slice(2).toLowerCase())
      return shown
    })
  })

  it('attack: the database, the data folder and the master secret open no recovery share and sign nothing', { timeout: WAIT }, async () => {
    expect(privateKey).toBeDefined()
    const rows = databaseRows(dataDir, eoa)
    const key = Uint8Array.from(Buffer.from(privateKey.slice(2), 'hex'))
    await step('the folder’s bytes hold the sealed shares but not the key, raw or hex', () => {
      const bytes = folderBytes(dataDir)
      expect(bytes.includes(rows.shares.passkey!.sealed)).toBe(true)
      for (const form of keyForms(key)) expect(bytes.includes(form)).toBe(false)
    })
    await step('the master secret opens the auth share (control) but not the passkey-sealed recovery share, under any label', async () => {
      expect(addressOf(openAuthShare(rows))).not.toBe(eoa)
      for (const kind of ['secp256k1:recovery', 'secp256k1:passkey', 'secp256k1:auth'] as SealedKind[])
        expect(() => unsealKey(rows.shares.passkey!.sealed, { userId: rows.userId, kind, secret: masterSecret() })).toThrow()
      await expect(combine([openAuthShare(rows)])).rejects.toThrow()
    })
  })

  it('passkey login: a new device logs in with the passkey alone, on this project only', { timeout: WAIT }, async () => {
    /** Asks `page`'s frame for a passkey login, answered in the window by an authenticator holding the passkey; the frame's reply and the passkey after use. */
    const logInWithPasskey = async (page: Page) => {
      const opening = passkeyWindow(page)
      const asked = postToFrame(page, backend, 'CONNECT_PASSKEY')
      const window = await opening
      const authenticator = await addPasskeyAuthenticator(window.page, credential)
      await window.press('Use passkey')
      const reply = await frameAnswer(page, 'CONNECT_PASSKEY', await asked)
      credential = (await authenticator.credentials())[0]!
      return reply
    }
    const pageC = await openFrameHostPage(browser, host, HOST)
    await step('positive control: device C logs in with the passkey, no email, and gets the wallet of A', async () => {
      expect(await logInWithPasskey(pageC)).toEqual({ ok: true, payload: undefined })
      expect((await frameRequest(pageC, backend, 'GET_USER', { chainId: 31337 })).payload).toMatchObject({ email, accounts: expect.arrayContaining([{ address: eoa, type: 'eoa' }]) })
    })
    const other = await startFrameHost(backend, 'passkey-other-project', HOST)
    try {
      const pageD = await openFrameHostPage(browser, other, HOST)
      await step('the same passkey on another project’s page gives no session (app-scoped wallets)', async () => {
        const refused = await logInWithPasskey(pageD)
        expect(refused).toEqual({ ok: false, payload: { message: "Passkey refused (not this project's wallet): nothing was released", code: 'PASSKEY_REFUSED' } })
        expect((await frameRequest(pageD, backend, 'IS_CONNECTED')).payload).toEqual({ isConnected: false })
      })
      await pageD.close()
    } finally {
      await other.close()
    }
    await pageC.close()
  })

  it('attack: a session on a new device without the passkey gets no recovery share and cannot re-split', { timeout: WAIT }, async () => {
    const pageE = await openFrameHostPage(browser, host, HOST)
    await step('in the browser: a new device logs in by email, but its authenticator lacks the passkey; recovery fails and nothing changes', async () => {
      expect((await logInThroughFrame(pageE, backend, 'passkey', 'Passkey Shop', email)).eoa).toBe(eoa)
      const before = databaseRows(dataDir, eoa).shares
      const opening = passkeyWindow(pageE)
      const recovering = postToFrame(pageE, backend, 'RECOVER_WITH_PASSKEY')
      const window = await opening
      await addPasskeyAuthenticator(window.page)
      await window.press('Use passkey')
      const refused = await frameAnswer(pageE, 'RECOVER_WITH_PASSKEY', await recovering)
      expect(refused.ok).toBe(false)
      expect(refused.payload.message).toMatch(/^The passkey step did not finish: /)
      expect(await frameShares(pageE, eoa)).toBeUndefined()
      expect(databaseRows(dataDir, eoa).shares).toEqual(before)
    })
    await pageE.close()

    const frame = { projectId: PROJECT, appOrigin: `http://${HOST}:${new URL(host.url).port}` }
    const session = await step('the same user logs in through the API on another device', () => logInThroughApi(backend.secureSiteUrl, backend, email, freshDeviceId(), frame))
    const call = (path: string, body: unknown = {}) => siteCall(backend.secureSiteUrl, path, { token: session.token, body })

    await step('positive control: the session is good, and gets the passkey’s assertion options', async () => {
      const options = await call('/api/share/recovery/options')
      expect(options.status).toBe(200)
      expect(options.body.options.allowCredentials).toEqual([expect.objectContaining({ id: credential.credentialId.replaceAll('=', '').replaceAll('+', '-').replaceAll('/', '_') })])
    })

    await step('a forged assertion, or none, releases no recovery share', async () => {
      const forged = {
        id: databaseRows(dataDir, eoa).passkeys[0]!.credential_id,
        rawId: databaseRows(dataDir, eoa).passkeys[0]!.credential_id,
        type: 'public-key',
        response: { clientDataJSON: Buffer.from('{}').toString('base64url'), authenticatorData: 'AAAA', signature: 'AAAA' },
        clientExtensionResults: {},
      }
      expect(await call('/api/share/recovery', { response: forged })).toMatchObject({ status: 403, body: { code: 'PASSKEY_REFUSED' } })
      // The forged try used the challenge up: a replay has none pending.
      expect(await call('/api/share/recovery', { response: forged })).toMatchObject({ status: 403, body: { code: 'PASSKEY_REFUSED', message: expect.stringContaining('no challenge pending') } })
      expect(await call('/api/share/recovery', {})).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } })
    })

    await step('a re-split without a recovery ticket is refused, and the shares stay', async () => {
      const before = databaseRows(dataDir, eoa)
      const junk = { ticket: 'A'.repeat(32), signature: `0x${'11'.repeat(65)}`, authShare: Buffer.alloc(33, 1).toString('base64url'), sealedRecoveryShare: Buffer.alloc(61, 2).toString('base64url') }
      expect(await call('/api/share/reshare', junk)).toMatchObject({ status: 403, body: { code: 'RESHARE_REFUSED' } })
      expect(databaseRows(dataDir, eoa).shares).toEqual(before.shares)
    })
    await pageA.close()
    await pageB.close()
  })
})
