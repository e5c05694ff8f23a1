import { rm } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { Keypair } from '@solana/web3.js'
import { mnemonicToAccount, type HDAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { buildTestPage } from '../support/buildTestPage.js'
import { expectNoSeriousAxeViolations } from '../support/expectNoSeriousAxeViolations.js'
import { launchBrowser } from '../support/launchBrowser.js'
import { serveDirectory } from '../support/serveDirectory.js'
import { createTestEip1193Wallet } from '../support/wallets/createTestEip1193Wallet.js'
import { exposeTestEip1193Wallet } from '../support/wallets/exposeTestEip1193Wallet.js'
import { startWalletKitWallet } from '../support/wallets/startWalletKitWallet.js'

// Issue 13: required sign-in with the sessions on the reference backend (`siwx({ storage:
// 'server' })`), through a real kit in Chromium: the server issues the nonce and verifies the
// signature on its chain; the test reads the session back through the server's API with the
// token the page keeps. With the EIP-6963 test wallet, and with a WalletKit wallet over
// WalletConnect on the backend's relay.
const MNEMONIC = 'test test test test test test test test test test test junk'
const WALLET_INFO = { uuid: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b', name: 'Latch Test Wallet', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.latch.testwallet' }
const WAIT = { timeout: 30_000 }
const SLOW = 180_000

let backend: RunningBackend
let site: Awaited<ReturnType<typeof serveDirectory>>
let outdir: string
let browser: Browser

beforeAll(async () => {
  ;[backend, outdir, browser] = await Promise.all([startBackend(), buildTestPage(fileURLToPath(new URL('./fixtures/siwxServerPage.tsx', import.meta.url))), launchBrowser()])
  site = await serveDirectory(outdir)
}, SLOW)
afterAll(async () => {
  await browser?.close()
  await Promise.all([backend?.close(), site?.close()])
  if (outdir) await rm(outdir, { recursive: true, force: true })
})

const rpcUrlOf = (chainId: number) => backend.deployment.evm.find((chain) => chain.chainId === chainId)!.rpcUrl
const relayUrl = () => `${backend.url.replace(/^http/, 'ws')}/relay`
const state = (page: Page): Promise<Record<string, unknown>> => page.evaluate(() => (window as any).__latch.state())
const tokens = (page: Page): Promise<Array<{ chainId: string; address: string; token: string }> | null> => page.evaluate(() => (window as any).__latch.tokens())
const localSessions = (page: Page): Promise<unknown> => page.evaluate(() => (window as any).__latch.localSessions())

/** The page, with the EIP-6963 test wallet of `account` when given (its `declines` refuses to sign), and the Solana wallet of `solanaKey`. */
async function openPage(account?: HDAccount, declines = () => false, solanaKey?: Uint8Array): Promise<Page> {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] })
  const page = await context.newPage()
  page.once('close', () => void context.close().catch(() => {}))
  await page.addInitScript((config) => Object.assign(window, { __siwxServerPageConfig: config }), {
    apiUrl: backend.url,
    relayUrl: relayUrl(),
    rpcUrls: { 31337: rpcUrlOf(31337), 31338: rpcUrlOf(31338) },
    solana: solanaKey && { rpcUrl: backend.deployment.solana.rpcUrl, genesisHash: backend.deployment.solana.genesisHash, secretKey: [...solanaKey] },
  })
  if (account) {
    const wallet = createTestEip1193Wallet({ account, chains: { 31337: rpcUrlOf(31337), 31338: rpcUrlOf(31338) }, approve: (method) => !(method === 'personal_sign' && declines()) })
    await exposeTestEip1193Wallet(page, wallet, WALLET_INFO)
  }
  await page.goto(site.url)
  await page.waitForFunction(() => (window as any).__latch !== undefined, undefined, WAIT)
  await page.evaluate(() => (window as any).__latch.ready)
  return page
}

async function connectTestWallet(page: Page) {
  await page.evaluate(() => (window as any).__latch.open())
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /Latch Test Wallet/ }).click(WAIT)
}

const signView = (page: Page) => page.getByRole('dialog', { name: 'Sign In' })
const sessionText = (page: Page) => page.locator('[data-session]').innerText()

/** The sessions the server lists for that account on 31337 (or `chainId`), asked with `token` as a client would. */
async function serverSessions(token: string, address: string, chainId = 'eip155:31337') {
  const response = await fetch(`${backend.url}/v1/siwx/sessions?projectId=latch-dev&chainId=${chainId}&address=${address}`, { headers: { authorization: `Bearer ${token}` } })
  return { status: response.status, body: (await response.json()) as { sessions?: Array<{ data: Record<string, string>; message: string; signature: string }>; code?: string } }
}

/** The page's one server token, once it has it. */
async function tokenOf(page: Page): Promise<string> {
  await expect.poll(() => tokens(page).then((list) => list?.length ?? 0), WAIT).toBe(1)
  return (await tokens(page))![0]!.token
}

describe('given a page that requires sign-in and keeps sessions on the server', () => {
  it('signs with the injected wallet: the server verifies and lists the session, a reload keeps it, sign-out revokes it there', { timeout: SLOW }, async () => {
    const account = mnemonicToAccount(MNEMONIC, { addressIndex: 14 })
    const page = await openPage(account)
    await connectTestWallet(page)
    await signView(page).waitFor(WAIT)
    expect(await signView(page).getByRole('button', { name: 'Close' }).isDisabled()).toBe(true)
    await expectNoSeriousAxeViolations(page)
    await signView(page).getByRole('button', { name: 'Sign', exact: true }).click()
    await signView(page).waitFor({ state: 'hidden', ...WAIT })

    const token = await tokenOf(page)
    const listed = await serverSessions(token, account.address)
    expect(listed.status).toBe(200)
    expect(listed.body.sessions).toHaveLength(1)
    const [session] = listed.body.sessions!
    expect(session!.data).toMatchObject({ accountAddress: account.address, chainId: 'eip155:31337', domain: new URL(site.url).host, uri: new URL(site.url).origin })
    expect(session!.message).toContain('Sign in to the Latch server test page')
    // The nonce in the signed message is the one the server issued (it refuses any other).
    expect(session!.message).toContain(`Nonce: ${session!.data.nonce}`)
    expect(await localSessions(page)).toBeNull()

    // A reload reads the session back from the server: signed in, not asked again.
    await page.reload()
    await page.waitForFunction(() => (window as any).__latch?.state().signedIn === true, undefined, WAIT)
    expect(await state(page).then((s) => s.open)).toBe(false)
    await expect.poll(() => sessionText(page), WAIT).toBe(`Signed in as ${account.address}`)
    // The session read back carries its CACAO (CAIP-74), made from what the server verified.
    const cacao = JSON.parse((await page.locator('[data-session]').getAttribute('data-cacao')) || 'null')
    expect(cacao).toEqual({
      h: { t: 'caip122' },
      p: { domain: session!.data.domain, iss: `did:pkh:eip155:31337:${account.address}`, aud: session!.data.uri, version: '1', nonce: session!.data.nonce, iat: session!.data.issuedAt, statement: 'Sign in to the Latch server test page', ...(session!.data.expirationTime ? { exp: session!.data.expirationTime } : {}) },
      s: { t: 'eip191', s: session!.signature },
    })

    // Signing out revokes it on the server; sign-in being required, the page asks again.
    await page.getByRole('button', { name: 'Sign out of the page' }).click()
    await expect.poll(() => sessionText(page), WAIT).toBe('Not signed in')
    await expect.poll(async () => (await serverSessions(token, account.address)).body.code, WAIT).toBe('SESSION_TOKEN_INVALID')
    await signView(page).waitFor(WAIT)
    await signView(page).getByRole('button', { name: 'Sign', exact: true }).click()
    await signView(page).waitFor({ state: 'hidden', ...WAIT })
    const again = await serverSessions(await tokenOf(page), account.address)
    // Only the new session: the revoked one is gone from the server.
    expect(again.body.sessions).toHaveLength(1)
    expect(again.body.sessions![0]!.data.nonce).not.toBe(session!.data.nonce)
    await page.close()
  })

  it("shows 'Signature declined' and keeps the sign view when the wallet refuses; signing then saves the session on the server", { timeout: SLOW }, async () => {
    const account = mnemonicToAccount(MNEMONIC, { addressIndex: 15 })
    let declining = true
    const page = await openPage(account, () => declining)
    await connectTestWallet(page)
    await signView(page).waitFor(WAIT)
    await signView(page).getByRole('button', { name: 'Sign', exact: true }).click()
    await expect.poll(() => page.locator('latch-modal').locator('.snackbar').innerText(), WAIT).toBe('Signature declined')
    expect(await signView(page).isVisible()).toBe(true)
    expect(await tokens(page)).toBeNull()

    declining = false
    await signView(page).getByRole('button', { name: 'Sign', exact: true }).click()
    await signView(page).waitFor({ state: 'hidden', ...WAIT })
    const listed = await serverSessions(await tokenOf(page), account.address)
    expect(listed.body.sessions?.map((s) => s.data.accountAddress)).toEqual([account.address])
    expect(await state(page)).toMatchObject({ status: 'connected', signedIn: true })
    await page.close()
  })

  it('disconnects when the visitor cancels, with no session on the server', { timeout: SLOW }, async () => {
    const account = mnemonicToAccount(MNEMONIC, { addressIndex: 16 })
    const page = await openPage(account)
    await connectTestWallet(page)
    await signView(page).waitFor(WAIT)
    expect(await state(page).then((s) => s.status)).toBe('connected')
    await signView(page).getByRole('button', { name: 'Cancel' }).click()
    await signView(page).waitFor({ state: 'hidden', ...WAIT })
    await expect.poll(() => state(page).then((s) => s.status), WAIT).toBe('disconnected')
    expect(await tokens(page)).toBeNull()
    const sessions = await backend.storage.db.selectFrom('siwx_sessions').select('id').where('address', '=', account.address).execute()
    expect(sessions).toEqual([])
    await page.close()
  })

  it('signs in over WalletConnect: a WalletKit wallet paired through the backend relay signs, the server verifies and lists the session', { timeout: SLOW }, async () => {
    const account = mnemonicToAccount(MNEMONIC, { addressIndex: 17 })
    const wallet = await startWalletKitWallet({ relayUrl: relayUrl(), account, chainId: 31337, storagePrefix: 'siwx-server' })
    try {
      const page = await openPage()
      await page.evaluate(() => (window as any).__latch.open())
      const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
      await dialog.getByRole('list', { name: 'Wallets' }).getByRole('button', { name: /WalletConnect/ }).click(WAIT)
      await page.getByRole('button', { name: 'Copy link' }).click(WAIT)
      await page.getByText('Link copied').waitFor(WAIT)
      await wallet.pair(await page.evaluate(() => navigator.clipboard.readText()))
      await expect.poll(() => state(page).then((s) => s.address), WAIT).toBe(account.address)

      await signView(page).waitFor(WAIT)
      await signView(page).getByRole('button', { name: 'Sign', exact: true }).click()
      await signView(page).waitFor({ state: 'hidden', ...WAIT })
      const listed = await serverSessions(await tokenOf(page), account.address)
      expect(listed.status).toBe(200)
      expect(listed.body.sessions?.map((s) => s.data)).toEqual([expect.objectContaining({ accountAddress: account.address, chainId: 'eip155:31337' })])
      expect(await state(page)).toMatchObject({ status: 'connected', signedIn: true })
      await page.close()
    } finally {
      await wallet.stop()
    }
  })
})

describe('given a Solana wallet on a page that keeps sessions on the server', () => {
  it('signs the CAIP-122 message with the Wallet Standard wallet; the server verifies the ed25519 signature and lists the session', { timeout: SLOW }, async () => {
    const keypair = Keypair.generate()
    const page = await openPage(undefined, () => false, keypair.secretKey)
    await page.evaluate(() => (window as any).__latch.open())
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /Latch Test Solana/ }).click(WAIT)
    await signView(page).waitFor(WAIT)
    expect(await state(page)).toMatchObject({ address: keypair.publicKey.toBase58(), caipNetworkId: backend.deployment.solana.caipNetworkId })
    await signView(page).getByRole('button', { name: 'Sign', exact: true }).click()
    await signView(page).waitFor({ state: 'hidden', ...WAIT })
    const listed = await serverSessions(await tokenOf(page), keypair.publicKey.toBase58(), backend.deployment.solana.caipNetworkId)
    expect(listed.status).toBe(200)
    expect(listed.body.sessions?.map((s) => s.data)).toEqual([expect.objectContaining({ accountAddress: keypair.publicKey.toBase58(), chainId: backend.deployment.solana.caipNetworkId })])
    expect(listed.body.sessions![0]!.message).toContain('wants you to sign in with your solana account:')
    await page.close()
  })
})

// Faults injected at the page's network boundary (Playwright routes): what a real server does
// when it is down or answers garbage, which the running backend cannot be made to do on demand.
describe('given a backend that fails during sign-in', () => {
  it("shows 'A problem occurred while trying initialize authentication' and disconnects back to Connect when no nonce can be had", { timeout: SLOW }, async () => {
    const account = mnemonicToAccount(MNEMONIC, { addressIndex: 18 })
    const page = await openPage(account)
    let nonceCalls = 0
    await page.route('**/v1/siwx/nonce?**', (route) => (nonceCalls++, route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":"UNAVAILABLE"}' })))
    await connectTestWallet(page)
    await signView(page).waitFor(WAIT)
    await signView(page).getByRole('button', { name: 'Sign', exact: true }).click()
    await expect.poll(() => page.locator('latch-modal').locator('.snackbar').innerText(), WAIT).toBe('A problem occurred while trying initialize authentication')
    await expect.poll(() => state(page).then((s) => s.status), WAIT).toBe('disconnected')
    await page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor(WAIT)
    expect(nonceCalls).toBe(1)
    expect(await tokens(page)).toBeNull()
    await page.close()
  })

  it('reads a garbage session list as no session after a reload, asks again, and keeps the token', { timeout: SLOW }, async () => {
    const account = mnemonicToAccount(MNEMONIC, { addressIndex: 19 })
    const page = await openPage(account)
    await connectTestWallet(page)
    await signView(page).getByRole('button', { name: 'Sign', exact: true }).click(WAIT)
    await signView(page).waitFor({ state: 'hidden', ...WAIT })
    const token = await tokenOf(page)

    let listCalls = 0
    await page.route('**/v1/siwx/sessions?**', (route) =>
      route.request().method() === 'GET' ? (listCalls++, route.fulfill({ status: 200, contentType: 'application/json', body: '{"sessions":[{"data":"<img src=x onerror=alert(1)>"}]}' })) : route.fallback(),
    )
    await page.reload()
    await signView(page).waitFor(WAIT)
    expect(listCalls).toBeGreaterThan(0)
    expect(await state(page)).toMatchObject({ status: 'connected', signedIn: false })
    expect(await page.locator('img[src=x]').count()).toBe(0)
    // Garbage is not a refusal: the token still names a live session on the server.
    expect((await tokens(page))![0]!.token).toBe(token)
    expect((await serverSessions(token, account.address)).body.sessions).toHaveLength(1)
    await page.close()
  })
})
