import { rm } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { verifyMessage, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHardhatNode, type HardhatNode } from '../../server/chains/startHardhatNode.js'
import { buildTestPage } from '../support/buildTestPage.js'
import { launchBrowser } from '../support/launchBrowser.js'
import { serveDirectory } from '../support/serveDirectory.js'
import { createTestEip1193Wallet } from '../support/wallets/createTestEip1193Wallet.js'
import { exposeTestEip1193Wallet } from '../support/wallets/exposeTestEip1193Wallet.js'

// Issue 13: sign in with the wallet (SPEC §4) through a real kit, the siwx plugin and the
// EIP-6963 test wallet: sign, decline, cancel, and the session kept across a reload.
const account = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 3 })
const WALLET_INFO = { uuid: '3a4b5c6d-7e8f-4a9b-8c0d-1e2f3a4b5c6d', name: 'Latch Test Wallet', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.latch.testwallet' }
const WAIT = { timeout: 20_000 }

let chain: HardhatNode
let chainB: HardhatNode
let site: Awaited<ReturnType<typeof serveDirectory>>
let outdir: string
let browser: Browser

beforeAll(async () => {
  ;[chain, chainB, outdir, browser] = await Promise.all([
    startHardhatNode({ chainId: 31337 }),
    startHardhatNode({ chainId: 31338 }),
    buildTestPage(fileURLToPath(new URL('./fixtures/siwxPage.tsx', import.meta.url))),
    launchBrowser(),
  ])
  site = await serveDirectory(outdir)
})
afterAll(async () => {
  await browser?.close()
  await Promise.all([chain?.stop(), chainB?.stop(), site?.close()])
  if (outdir) await rm(outdir, { recursive: true, force: true })
})

/** The sign-in page; `declines` makes the wallet refuse to sign. */
async function openPage(required: boolean, declines = () => false, siwxOff = false): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  const wallet = createTestEip1193Wallet({ account, chains: { 31337: chain.rpcUrl, 31338: chainB.rpcUrl }, approve: (method) => !(method === 'personal_sign' && declines()) })
  await page.addInitScript((config) => Object.assign(window, { __siwxPageConfig: config }), { rpcUrl: chain.rpcUrl, rpcUrl31338: chainB.rpcUrl, required, siwxOff })
  await exposeTestEip1193Wallet(page, wallet, WALLET_INFO)
  await page.goto(site.url)
  await page.waitForFunction(() => (window as any).__latch !== undefined, undefined, WAIT)
  await page.evaluate(() => (window as any).__latch.ready)
  return page
}

async function connectWallet(page: Page) {
  await page.evaluate(() => (window as any).__latch.open())
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /Latch Test Wallet/ }).click(WAIT)
}

const signView = (page: Page) => page.getByRole('dialog', { name: 'Sign In' })

describe('given a page that requires sign-in with the wallet', () => {
  it('asks after the connection, keeps close disabled, saves a session viem verifies, and does not ask again after a reload', async () => {
    const page = await openPage(true)
    await connectWallet(page)
    await signView(page).waitFor(WAIT)
    await expect.poll(() => signView(page).innerText(), WAIT).toContain('Latch sign-in test needs to connect to your wallet')
    expect(await signView(page).getByRole('button', { name: 'Close' }).isDisabled()).toBe(true)

    await signView(page).getByRole('button', { name: 'Sign', exact: true }).click()
    await signView(page).waitFor({ state: 'hidden', ...WAIT })
    const [session] = (await page.evaluate(() => (window as any).__latch.sessions())) as Array<{ message: string; signature: Hex; data: { chainId: string; accountAddress: string; nonce: string; issuedAt: string } }>
    expect(session!.data).toMatchObject({ chainId: 'eip155:31337', accountAddress: account.address })
    expect(session!.message).toContain('wants you to sign in with your Ethereum account:')
    expect(session!.message).toContain('Sign in to the Latch test page')
    expect(await verifyMessage({ address: account.address, message: session!.message, signature: session!.signature })).toBe(true)
    // The same sign-in as a CACAO (CAIP-74), kept with it and handed to the host by useLatchSession().
    const cacao = { h: { t: 'caip122' }, p: { domain: new URL(page.url()).host, iss: `did:pkh:eip155:31337:${account.address}`, aud: new URL(page.url()).origin, version: '1', nonce: session!.data.nonce, iat: session!.data.issuedAt, statement: 'Sign in to the Latch test page' }, s: { t: 'eip191', s: session!.signature } }
    expect((session as { cacao?: unknown }).cacao).toEqual(cacao)
    await expect.poll(async () => JSON.parse((await page.locator('[data-session]').getAttribute('data-cacao')) || 'null'), WAIT).toEqual(cacao)

    // The saved connection and its session: no new request to sign; useLatchSession() shows it.
    await page.reload()
    await page.waitForFunction(() => (window as any).__latch?.state().signedIn === true, undefined, WAIT)
    expect(await page.evaluate(() => (window as any).__latch.state().open)).toBe(false)
    await expect.poll(() => page.locator('[data-session]').innerText(), WAIT).toBe(`Signed in as ${account.address}`)

    // Signing out forgets the session; sign-in being required, the page asks again.
    await page.getByRole('button', { name: 'Sign out of the page' }).click()
    await expect.poll(() => page.locator('[data-session]').innerText(), WAIT).toBe('Not signed in')
    expect(await page.evaluate(() => (window as any).__latch.sessions())).toEqual([])
    await signView(page).waitFor(WAIT)
    await page.close()
  })

  it("shows 'Signature declined' and keeps the sign view when the wallet refuses; cancelling then disconnects", async () => {
    let declining = true
    const page = await openPage(true, () => declining)
    await connectWallet(page)
    await signView(page).waitFor(WAIT)
    await signView(page).getByRole('button', { name: 'Sign', exact: true }).click()
    await expect.poll(() => page.locator('latch-modal').locator('.snackbar').innerText(), WAIT).toBe('Signature declined')
    expect(await signView(page).isVisible()).toBe(true)

    await signView(page).getByRole('button', { name: 'Cancel' }).click()
    await signView(page).waitFor({ state: 'hidden', ...WAIT })
    await expect.poll(() => page.evaluate(() => (window as any).__latch.state().status), WAIT).toBe('disconnected')
    expect(await page.evaluate(() => (window as any).__latch.sessions())).toBeNull()
    declining = false
    await page.close()
  })
})

describe('given a visitor signed in on one network', () => {
  it('asks again on a switch to a network with no session; cancelling goes back to the signed-in network', async () => {
    const page = await openPage(true)
    await connectWallet(page)
    await signView(page).getByRole('button', { name: 'Sign', exact: true }).click(WAIT)
    await signView(page).waitFor({ state: 'hidden', ...WAIT })

    await page.evaluate(() => (window as any).__latch.switchNetwork('eip155:31338'))
    await signView(page).waitFor(WAIT)
    expect(await page.evaluate(() => (window as any).__latch.state())).toMatchObject({ caipNetworkId: 'eip155:31338', signedIn: false })
    await signView(page).getByRole('button', { name: 'Cancel' }).click()
    await expect.poll(() => page.evaluate(() => (window as any).__latch.state().caipNetworkId), WAIT).toBe('eip155:31337')
    expect(await page.evaluate(() => (window as any).__latch.state())).toMatchObject({ status: 'connected', signedIn: true })
    await page.close()
  })
})

describe('given a page where sign-in is optional', () => {
  it('lets the visitor close or cancel the sign view and stay connected', async () => {
    const page = await openPage(false)
    await connectWallet(page)
    await signView(page).waitFor(WAIT)
    expect(await signView(page).getByRole('button', { name: 'Close' }).isDisabled()).toBe(false)
    await signView(page).getByRole('button', { name: 'Cancel' }).click()
    await signView(page).waitFor({ state: 'hidden', ...WAIT })
    expect(await page.evaluate(() => (window as any).__latch.state())).toMatchObject({ status: 'connected', signedIn: false })
    await page.close()
  })

  it("the host's signIn() says 'No ActiveCaipAddress found' before a connection, then opens the sign view that signs the visitor in", async () => {
    const page = await openPage(false)
    const hostSignIn = page.getByRole('button', { name: 'Sign in to the page' })
    await hostSignIn.click()
    await expect.poll(() => page.getByRole('alert').innerText(), WAIT).toBe('No ActiveCaipAddress found')
    await connectWallet(page)
    await signView(page).getByRole('button', { name: 'Cancel' }).click()
    await signView(page).waitFor({ state: 'hidden', ...WAIT })

    await hostSignIn.click()
    await signView(page).getByRole('button', { name: 'Sign', exact: true }).click()
    await signView(page).waitFor({ state: 'hidden', ...WAIT })
    await expect.poll(() => page.locator('[data-session]').innerText(), WAIT).toBe(`Signed in as ${account.address}`)
    expect(await page.getByRole('alert').innerText()).toBe('')
    await page.close()
  })

  it("the host's signIn() says 'SIWX is not enabled' while the siwx feature is off, and the visitor connects unasked", async () => {
    const page = await openPage(false, () => false, true)
    await connectWallet(page)
    await page.getByRole('dialog').waitFor({ state: 'hidden', ...WAIT })
    expect(await page.evaluate(() => (window as any).__latch.state())).toMatchObject({ status: 'connected' })
    await page.getByRole('button', { name: 'Sign in to the page' }).click()
    await expect.poll(() => page.getByRole('alert').innerText(), WAIT).toBe('SIWX is not enabled')
    expect(await signView(page).count()).toBe(0)
    await page.close()
  })
})
