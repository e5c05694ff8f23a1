import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import fc from 'fast-check'
import type { Page } from 'playwright-core'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openKitPage } from '../support/openKitPage.js'
import { startPageOnBackend, type PageOnBackend } from '../support/startPageOnBackend.js'
import { approveThisDevice, codeField, mailedCode } from '../support/emailLogin.js'
import { createTestEip1193Wallet } from '../support/wallets/createTestEip1193Wallet.js'
import { exposeTestEip1193Wallet } from '../support/wallets/exposeTestEip1193Wallet.js'

// Issue 12, the page's side of the cross-frame protocol under attack: only the secure site's own
// frame, on its origin, is heard. Forged frame messages from a window on another origin and from
// the page's own origin change nothing; a secure site that never loads ends in SPEC's alert and
// error after its 20 s wait, and the modal stays usable for the other wallets.
const WAIT = { timeout: 30_000 }
const FLOOD = 10_000
const WALLET_INFO = { uuid: '4a7e1c9d-2b3f-4c5d-9e6f-0a1b2c3d4e5f', name: 'Latch Test Wallet', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.latch.testwallet' }

let stack: PageOnBackend
let backend: PageOnBackend['backend']
let browser: PageOnBackend['browser']

// A page on another origin (the backend's `localhost` name, where the test page is `127.0.0.1`)
// that posts to its parent whatever the test hands it: the hostile window.
const HOSTILE_PAGE = `<!doctype html><meta charset="utf-8"><script src="/hostile.js"></script>`
const HOSTILE_SCRIPT = `addEventListener('message', (event) => { for (const message of event.data) parent.postMessage(message, '*'); parent.postMessage('hostile:done', '*') })`

beforeAll(async () => {
  stack = await startPageOnBackend(fileURLToPath(new URL('./fixtures/emailPage.ts', import.meta.url)))
  ;({ backend, browser } = stack)
  await writeFile(join(stack.outdir, 'hostile.html'), HOSTILE_PAGE)
  await writeFile(join(stack.outdir, 'hostile.js'), HOSTILE_SCRIPT)
}, 300_000)
afterAll(() => stack?.close())

const dialog = (page: Page) => page.getByRole('dialog')
const evmRpc = () => backend.deployment.evm.find((chain) => chain.chainId === 31337)!.rpcUrl

async function openPage(secureSiteUrl: string, prepare?: (page: Page) => Promise<void>): Promise<{ page: Page; errors: string[] }> {
  const errors: string[] = []
  const page = await openKitPage({
    browser,
    url: backend.url,
    configName: '__latchEmailConfig',
    config: { apiUrl: backend.url, rpcUrl: evmRpc(), secureSiteUrl },
    prepare: async (p) => {
      p.on('pageerror', (error) => errors.push(error.message))
      await prepare?.(p)
    },
  })
  return { page, errors }
}

/** Well-formed frame messages: every reply and announcement type, random ids and payloads. */
const frameMessages = fc.record({
  type: fc.oneof(
    fc.constantFrom('READY', 'SESSION_UPDATE', 'CONNECT_EMAIL_SUCCESS', 'CONNECT_OTP_SUCCESS', 'GET_USER_SUCCESS', 'RPC_REQUEST_SUCCESS', 'IS_CONNECTED_SUCCESS', 'CONNECT_EMAIL_ERROR', 'SIGN_OUT_SUCCESS'),
    fc.stringMatching(/^[A-Z_]{1,30}$/),
  ).map((name) => `@w3m-frame/${name}`),
  id: fc.oneof(fc.uuid(), fc.string({ maxLength: 64 })),
  payload: fc.oneof(
    fc.constant({ action: 'VERIFY_OTP' }),
    fc.constant({ token: 'forged.session.token' }),
    fc.constant({ isConnected: true }),
    fc.record({ address: fc.constant('0x000000000000000000000000000000000000dEaD'), chainId: fc.constant(31337), accounts: fc.constant([{ address: '0x000000000000000000000000000000000000dEaD', type: 'eoa' }]) }),
    fc.jsonValue(),
  ),
})

describe('given a page waiting on the embedded wallet', () => {
  it(`ignores ${FLOOD.toLocaleString('en')} forged frame messages from another origin and from the page's own origin, then logs in as usual`, async () => {
    const { page, errors } = await openPage(backend.secureSiteUrl)
    const email = `hostile-${Date.now()}@latch.test`
    await dialog(page).getByLabel('Email', { exact: true }).fill(email)
    await dialog(page).getByRole('button', { name: 'Continue with email' }).click()
    await approveThisDevice(page, backend, email)
    const before = await page.evaluate(() => (window as any).__latch.state())

    const messages: unknown[] = fc.sample(frameMessages, { numRuns: FLOOD, seed: 20261123 })
    // Half from a window on another origin, half posted by the page's own origin to itself.
    const hostileUrl = backend.url.replace('127.0.0.1', 'localhost') + '/hostile.html'
    await page.evaluate(
      async ([url, foreign, own]) => {
        const frame = document.createElement('iframe')
        frame.src = url
        document.body.append(frame)
        await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }))
        const done = new Promise((resolve) => addEventListener('message', (event) => event.data === 'hostile:done' && resolve(undefined)))
        frame.contentWindow!.postMessage(foreign, '*')
        for (const message of own) postMessage(message, '*')
        await done
      },
      [hostileUrl, messages.slice(0, FLOOD / 2), messages.slice(FLOOD / 2)] as const,
    )

    // Nothing changed: still signed out, on the code step, no error thrown in the page.
    const after = await page.evaluate(() => (window as any).__latch.state())
    expect(after).toMatchObject({ address: before.address ?? undefined, status: before.status })
    expect(await codeField(page).getByLabel('Code', { exact: true }).count()).toBe(1)
    expect(errors).toEqual([])

    // The real frame is still heard: the mailed code logs in.
    await codeField(page).getByLabel('Code', { exact: true }).fill(await mailedCode(backend, email))
    await expect.poll(() => page.evaluate(() => (window as any).__latch.state().address), WAIT).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(await page.evaluate(() => (window as any).__latch.state().address)).not.toBe('0x000000000000000000000000000000000000dEaD')
    await page.close()
  })
})

describe('given a secure site that never loads', () => {
  it("ends the email login in 'Network Error loading the embedded wallet' after SPEC's 20 s wait, and the browser wallet still connects", async () => {
    const account = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 2 })
    const wallet = createTestEip1193Wallet({ account, chains: { 31337: evmRpc() } })
    // Port 9 (discard) on loopback: nothing answers, the frame never says READY. The page runs on
    // Playwright's clock: time flows as usual, and the test jumps through the 20 s a second at a time.
    const { page, errors } = await openPage('http://127.0.0.1:9', async (p) => {
      await p.clock.install()
      await exposeTestEip1193Wallet(p, wallet, WALLET_INFO)
    })
    const events: string[] = []
    page.on('request', (request) => {
      if (request.url().startsWith(`${backend.url}/e`)) events.push(request.postData() ?? '')
    })
    await dialog(page).getByLabel('Email', { exact: true }).fill('nobody@latch.test')
    const pageNow = () => page.evaluate(() => Date.now())
    const started = await pageNow()
    await dialog(page).getByRole('button', { name: 'Continue with email' }).click()
    const failure = dialog(page).getByText('Network Error loading the embedded wallet')
    await expect
      .poll(async () => {
        if (await failure.isVisible()) return true
        await page.clock.fastForward(1_000)
        return false
      }, { timeout: 45_000, interval: 50 })
      .toBe(true)
    // The error came no sooner than SPEC's wait, in the page's time.
    expect((await pageNow()) - started).toBeGreaterThanOrEqual(20_000)
    await expect.poll(() => events.some((body) => body.includes('iframe_load_failed')), WAIT).toBe(true)
    // SPEC §8's alert for the host's developer.
    expect(await page.evaluate(() => (window as any).__latch.alerts)).toContain('Network Error loading the embedded wallet')

    await dialog(page).getByRole('button', { name: 'Back' }).click()
    await dialog(page).getByRole('button', { name: /Latch Test Wallet/ }).click()
    await expect.poll(() => page.evaluate(() => (window as any).__latch.state().address), WAIT).toBe(account.address)
    expect(errors).toEqual([])
    await page.close()
  }, 90_000)
})
