import { fileURLToPath } from 'node:url'
import type { Frame, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseEther, toHex, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { openKitPage } from '../support/openKitPage.js'
import { logInByEmail, newVisitorEmail, walletFrame } from '../support/emailLogin.js'
import { startPageOnBackend, type PageOnBackend } from '../support/startPageOnBackend.js'
import { DeviceKey } from '../support/deviceKey.js'
import { step } from '../support/step.js'
import { balanceOf, fundFromDevAccount } from '../support/localChainFunds.js'
import { DEV_FRAME, freshDeviceId, freshEmail, logInThroughApi, siteCall, waitForMail } from '../server/secureSiteSupport.js'
import { approveInWalletFrame } from '../support/approveInWalletFrame.js'

// Issue 26, "Sessions bound to project, origin and device" (review C1's bearer token, L4): the
// frame's session is bound to a non-extractable key it keeps in IndexedDB, and every request
// carries a DPoP proof (RFC 9449) made with it. A visitor logs in through the kit in Chromium
// against the real backend and chains; the attacker then holds everything the frame's storage and
// network show (access token, refresh token, proofs already sent), but not the key.
const WAIT = { timeout: 30_000 }
const SESSION_KEY = 'latch-secure-site:session'

let stack: PageOnBackend
let backend: PageOnBackend['backend']

beforeAll(async () => {
  stack = await startPageOnBackend(fileURLToPath(new URL('../browser/fixtures/emailPage.ts', import.meta.url)))
  backend = stack.backend
}, 300_000)
afterAll(() => stack?.close())

const evm = () => backend.deployment.evm.find((chain) => chain.chainId === 31337)!
const balance = (address: Address) => balanceOf(evm().rpcUrl, address)

type Outcome = { result?: unknown; error?: { code?: number; message?: string } }
const kitRequest = (page: Page, method: string, params?: unknown) => page.evaluate(([m, p]) => (window as any).__latch.request(m, p) as Promise<Outcome>, [method, params] as const)

/** A new device (browser context) on the kit's page, logged in by email through the modal; its address. */
async function visitorLoggedIn(email: string): Promise<{ page: Page; address: Address }> {
  const config = { apiUrl: backend.url, rpcUrl: evm().rpcUrl, secureSiteUrl: backend.secureSiteUrl }
  const page = await openKitPage({ browser: stack.browser, url: backend.url, configName: '__latchEmailConfig', config })
  return { page, address: (await logInByEmail(page, backend, email)) as Address }
}

/** The secure site's frame in the page: what an attacker with script in it could read. */
const secureFrame = (page: Page): Frame => page.frames().find((frame) => frame.url().startsWith(backend.secureSiteUrl))!
const frameStorage = (page: Page, key: string) => secureFrame(page).evaluate((name) => localStorage.getItem(name), key)

/** A session of one's own from Node, made with `key`: a first login on a new device (its emailed link approves it). */
const newDeviceSession = (email: string, key: DeviceKey) => logInThroughApi(backend.secureSiteUrl, backend, email, freshDeviceId(), DEV_FRAME, key)

/**
 * A session of one's own from Node, made with `key`, on the browser's device (already approved):
 * the mailed code alone, the address's `mailCount`-th mail.
 */
async function approvedDeviceSession(email: string, deviceId: string, key: DeviceKey, mailCount: number) {
  expect((await siteCall(backend.secureSiteUrl, '/api/email/start', { body: { email, deviceId, ...DEV_FRAME }, key })).body).toEqual({ action: 'VERIFY_OTP' })
  const { code } = await waitForMail(backend, email, mailCount)
  const verified = await siteCall(backend.secureSiteUrl, '/api/otp/verify', { body: { email, deviceId, otp: code, ...DEV_FRAME }, key })
  expect(verified.status).toBe(200)
  return verified.body as { token: string; refreshToken: string; user: { evmAddress: Address } }
}

const EXPIRED = { status: 401, body: { code: 'SESSION_EXPIRED', message: 'Session Expired' } }

describe('given a visitor logged in through the kit, and an attacker who copied the frame’s tokens and proofs', () => {
  it('26: the frame signs and sends; the token alone, with the attacker’s own key, or with a replayed proof is 401, and no ETH moves', async () => {
    const { page, address } = await visitorLoggedIn(newVisitorEmail())
    const attacker = privateKeyToAccount(generatePrivateKey()).address
    const friend = privateKeyToAccount(generatePrivateKey()).address
    const signRequests: Array<Promise<Record<string, string>>> = []
    page.on('request', (request) => {
      if (request.url() === `${backend.secureSiteUrl}/api/share`) signRequests.push(request.allHeaders())
    })

    await step('positive control: the frame itself sends ETH once the visitor approves', async () => {
      await fundFromDevAccount(evm().rpcUrl, address, '1', { addressIndex: 6 })
      const pending = kitRequest(page, 'eth_sendTransaction', [{ from: address, to: friend, value: toHex(parseEther('0.1')) }])
      await approveInWalletFrame(walletFrame(page))
      expect((await pending).error).toBeUndefined()
      await expect.poll(() => balance(friend), WAIT).toBe(parseEther('0.1'))
    })

    const stolen = JSON.parse((await frameStorage(page, SESSION_KEY))!) as { token: string; refreshToken: string }
    // The frame asked for the auth share to sign (its key is split): what a thief wants too.
    await expect.poll(() => signRequests.length, WAIT).toBeGreaterThanOrEqual(1)
    const captured = await signRequests[0]!
    expect(captured.authorization).toBe(`DPoP ${stolen.token}`)
    const victimBefore = await balance(address)
    const signUrl = `${backend.secureSiteUrl}/api/share`
    // The auth share is half of the key: with the device share the visitor's frame keeps, the wallet.
    const drain = JSON.stringify({})
    const post = async (url: string, headers: Record<string, string>, body: string) => {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body })
      return { status: response.status, body: await response.json() }
    }
    const attackerKey = await DeviceKey.create()

    await step('positive control: the attacker’s request shape works for a session of the attacker’s own', async () => {
      const own = await newDeviceSession(freshEmail('attacker'), attackerKey)
      const answer = await post(signUrl, await attackerKey.headers('POST', signUrl, own.token), JSON.stringify({}))
      expect(answer.status).toBe(200)
      expect(typeof answer.body.authShare).toBe('string')
    })

    await step('the stolen token as a bearer token, or with no proof, is 401', async () => {
      expect(await post(signUrl, { authorization: `Bearer ${stolen.token}` }, drain)).toMatchObject(EXPIRED)
      expect(await post(signUrl, { authorization: `DPoP ${stolen.token}` }, drain)).toMatchObject(EXPIRED)
    })

    await step('the stolen token with a proof made by the attacker’s own key is 401', async () => {
      expect(await post(signUrl, await attackerKey.headers('POST', signUrl, stolen.token), drain)).toMatchObject(EXPIRED)
    })

    await step('the frame’s own proof, replayed (same jti) for the same URL, is 401', async () => {
      expect(await post(signUrl, { authorization: captured.authorization!, dpop: captured.dpop! }, drain)).toMatchObject(EXPIRED)
    })

    await step('the stolen refresh token with the attacker’s key is refused, and does not burn the visitor’s', async () => {
      const refreshUrl = `${backend.secureSiteUrl}/api/session/refresh`
      expect(await post(refreshUrl, { dpop: await attackerKey.proof('POST', refreshUrl) }, JSON.stringify({ refreshToken: stolen.refreshToken }))).toMatchObject(EXPIRED)
      expect((await kitRequest(page, 'eth_getBalance', [address, 'latest'])).error).toBeUndefined()
    })

    await step('the device key cannot be copied out, even by script running in the frame', async () => {
      const exported = await secureFrame(page).evaluate(async () => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => Object.assign(indexedDB.open('latch-secure-site'), { onsuccess(this: IDBOpenDBRequest) { resolve(this.result) }, onerror: reject }))
        const keys = await new Promise<CryptoKeyPair>((resolve) => Object.assign(db.transaction('device-key').objectStore('device-key').get('current'), { onsuccess(this: IDBRequest) { resolve(this.result) } }))
        db.close()
        return crypto.subtle.exportKey('jwk', keys.privateKey).then(() => 'exported', (error: Error) => error.name)
      })
      expect(exported).toBe('InvalidAccessError')
    })

    await step('no ETH moved: the visitor’s balance is unchanged and the attacker has none', async () => {
      expect(await balance(address)).toBe(victimBefore)
      expect(await balance(attacker)).toBe(0n)
    })
    await page.close()
  })

  it('26: rotates the frame’s tokens when they are due, in two tabs at once, and the visitor stays signed in in both', async () => {
    const { page, address } = await visitorLoggedIn(newVisitorEmail())
    const config = { apiUrl: backend.url, rpcUrl: evm().rpcUrl, secureSiteUrl: backend.secureSiteUrl }
    const tabs = [page, await openKitPage({ browser: stack.browser, url: backend.url, configName: '__latchEmailConfig', config, context: page.context(), openConnect: false })]
    const before = JSON.parse((await frameStorage(page, SESSION_KEY))!) as { token: string; refreshToken: string }
    // As if the access token were at the end of its 10 minutes: due for a refresh on the next call.
    await secureFrame(page).evaluate(([key, session]) => localStorage.setItem(key, JSON.stringify({ ...session, refreshAt: 0 })), [SESSION_KEY, before] as const)
    // Both tabs' frames load the due session: each must not send the refresh token the other already used.
    await Promise.all(tabs.map((tab) => tab.reload()))
    for (const tab of tabs) {
      await tab.waitForFunction(() => (window as any).__latch !== undefined, undefined, WAIT)
      await expect.poll(() => tab.evaluate(() => (window as any).__latch.state().address), WAIT).toBe(address)
    }
    const reads = await Promise.all(tabs.map((tab) => kitRequest(tab, 'eth_getBalance', [address, 'latest'])))
    expect(reads.map((read) => read.error)).toEqual([undefined, undefined])
    const after = JSON.parse((await frameStorage(page, SESSION_KEY))!) as { token: string; refreshToken: string }
    expect(after.token).not.toBe(before.token)
    expect(after.refreshToken).not.toBe(before.refreshToken)
    await page.context().close()
  })

  it('26: ends the whole session when a refresh token is presented a second time', async () => {
    const key = await DeviceKey.create()
    const first = await newDeviceSession(freshEmail('rotation'), key)
    const refresh = (refreshToken: string) => siteCall(backend.secureSiteUrl, '/api/session/refresh', { body: { refreshToken }, key })

    const rotated = await refresh(first.refreshToken)
    expect(rotated.status).toBe(200)
    expect(rotated.body.refreshToken).not.toBe(first.refreshToken)
    expect((await siteCall(backend.secureSiteUrl, '/api/user', { token: rotated.body.token, key })).status).toBe(200)

    expect(await refresh(first.refreshToken)).toMatchObject(EXPIRED)
    // Two holders of one token: neither keeps the session.
    expect(await siteCall(backend.secureSiteUrl, '/api/user', { token: rotated.body.token, key })).toMatchObject(EXPIRED)
    expect(await refresh(rotated.body.refreshToken)).toMatchObject(EXPIRED)
  })

  it('26: ends a second device’s session when the visitor signs out everywhere from the kit', async () => {
    const email = newVisitorEmail()
    const { page } = await visitorLoggedIn(email)
    const secondKey = await DeviceKey.create()
    const second = await approvedDeviceSession(email, (await frameStorage(page, 'latch-secure-site:device'))!, secondKey, 3)
    const secondUser = () => siteCall(backend.secureSiteUrl, '/api/user', { token: second.token, key: secondKey })
    expect((await secondUser()).status).toBe(200)

    await page.evaluate(() => (window as any).__latch.signOutEverywhere())
    expect(await secondUser()).toMatchObject(EXPIRED)
    await expect.poll(() => frameStorage(page, SESSION_KEY), WAIT).toBeNull()
    await page.close()
  })

  it('26: ends every other session when the email changes', async () => {
    const email = newVisitorEmail()
    const { page, address } = await visitorLoggedIn(email)
    const key = await DeviceKey.create()
    const changer = await approvedDeviceSession(email, (await frameStorage(page, 'latch-secure-site:device'))!, key, 3)
    const call = (path: string, body?: unknown) => siteCall(backend.secureSiteUrl, path, { token: changer.token, key, body })
    expect((await kitRequest(page, 'eth_getBalance', [address, 'latest'])).error).toBeUndefined()

    const newEmail = freshEmail('changed')
    expect((await call('/api/email/change', { email: newEmail, appOrigin: DEV_FRAME.appOrigin })).body).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    expect((await call('/api/email/change/primary', { otp: (await waitForMail(backend, email, 4)).code, appOrigin: DEV_FRAME.appOrigin })).body).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    expect((await call('/api/email/change/secondary', { otp: (await waitForMail(backend, newEmail, 1)).code })).body).toEqual({ newEmail })

    // The session that made the change goes on; the browser's is over.
    expect((await call('/api/user')).body.email).toBe(newEmail)
    expect((await kitRequest(page, 'eth_getBalance', [address, 'latest'])).error?.message).toBe('Session Expired')
    await page.close()
  })
})
