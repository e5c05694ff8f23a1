import { rm } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { buildTestPage } from '../support/buildTestPage.js'
import { expectNoSeriousAxeViolations } from '../support/expectNoSeriousAxeViolations.js'
import { focused, tabTo } from '../support/keyboard.js'
import { launchBrowser } from '../support/launchBrowser.js'
import { createTestEip1193Wallet } from '../support/wallets/createTestEip1193Wallet.js'
import { exposeTestEip1193Wallet } from '../support/wallets/exposeTestEip1193Wallet.js'

// Issue 11's acceptance, as an operator and a visitor live it: a page of the project open in one
// tab with Account showing the faucet example plugin's action, the backend's admin page in
// another tab of the same browser. The operator switches `faucet` off and on in the admin page;
// the open page follows without a reload (the issue asks for within a second: the test waits on
// it, sized for a loaded machine, and does not time it). A page with live updates off follows
// only when its host calls kit.refreshConfig(). Each test starts from the project as reset here.
const WAIT = { timeout: 15_000 }
const ORIGINS = ['http://127.0.0.1', 'http://127.0.0.1:*', 'http://localhost', 'http://localhost:*']
const account = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 9 })
const WALLET_INFO = { uuid: '2d0c9a1e-7b3f-4c5d-8e6f-a1b2c3d4e5f6', name: 'Latch Test Wallet', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.latch.testwallet' }

let backend: RunningBackend
let outdir: string
let browser: Browser
/** Each test's operator's browser window: the project's page and the admin page, two tabs. */
let operator: BrowserContext
/** Each test's other visitor, whose page has live updates off. */
let visitor: BrowserContext

beforeAll(async () => {
  outdir = await buildTestPage(fileURLToPath(new URL('./fixtures/faucetPage.ts', import.meta.url)))
  ;[backend, browser] = await Promise.all([startBackend({ staticDir: outdir }), launchBrowser()])
}, 300_000)
// Fresh windows for each test: nothing connected or signed in carries over from another.
beforeEach(async () => {
  operator = await browser.newContext()
  visitor = await browser.newContext()
})
afterEach(async () => {
  await Promise.all([operator?.close(), visitor?.close()])
})
afterAll(async () => {
  await browser?.close()
  await backend?.close()
  if (outdir) await rm(outdir, { recursive: true, force: true })
})

/** The faucet page of latch-dev, served by the backend, connected, its modal on Account. */
async function openAccount(context: BrowserContext, liveConfig: boolean): Promise<Page> {
  const page = await context.newPage()
  const rpcUrl = backend.deployment.evm[0]!.rpcUrl
  await page.addInitScript((config) => Object.assign(window, { __latchFaucetConfig: config }), { rpcUrl, apiUrl: backend.url, liveConfig })
  await exposeTestEip1193Wallet(page, createTestEip1193Wallet({ account, chains: { 31337: rpcUrl } }), WALLET_INFO)
  await page.goto(`${backend.url}/`)
  await page.waitForFunction(() => (window as any).__latch !== undefined, undefined, WAIT)
  await page.evaluate(() => (window as any).__latch.ready)
  await page.evaluate(() => (window as any).__latch.open())
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /Latch Test Wallet/ }).click(WAIT)
  await page.getByRole('dialog').waitFor({ state: 'hidden', ...WAIT })
  await page.evaluate(() => (window as any).__latch.open())
  await page.getByRole('dialog', { name: 'Account' }).waitFor(WAIT)
  return page
}

const faucetAction = (page: Page) => page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Faucet', exact: true })
const faucetSwitch = (admin: Page) => admin.getByRole('group', { name: 'Features' }).getByRole('switch', { name: 'faucet', exact: true })
/** The page's status line, at the top: sign-in and the other calls. */
const status = (admin: Page) => admin.locator('main > [role="status"]')
/** A save's outcome, beside the Save button where the operator is looking. */
const saveStatus = (admin: Page) => admin.locator('.save-row').getByRole('status')
/** The caption a switch is described by (`aria-describedby`). */
const captionOf = (admin: Page, name: string) =>
  admin.getByRole('switch', { name, exact: true }).evaluate((input) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? null)

/**
 * The project as each test starts it: the example plugin's feature on, the backend's origins and
 * name (set through the API; the tests' own changes are made in the admin page).
 */
async function resetProject(): Promise<void> {
  const response = await fetch(`${backend.url}/admin/api/projects/latch-dev`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${backend.adminToken.value}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Latch dev', allowedOrigins: ORIGINS, features: { faucet: true } }),
  })
  expect(response.status).toBe(200)
}

/** The admin page, on its sign-in form. */
async function openAdmin(): Promise<Page> {
  const admin = await operator.newPage()
  await admin.goto(`${backend.url}/admin/`)
  await admin.getByRole('heading', { name: 'Sign in' }).waitFor(WAIT)
  return admin
}

/** The admin page, signed in with the token the backend printed, the project's form shown. */
async function openAdminSignedIn(): Promise<Page> {
  const admin = await openAdmin()
  await admin.getByLabel('Admin token').fill(backend.adminToken.value)
  await admin.getByRole('button', { name: 'Sign in' }).click()
  await faucetSwitch(admin).waitFor(WAIT)
  return admin
}

/** Waits, as long as a loaded machine may need, until `page` shows (or no longer shows) the faucet action. */
const untilFaucet = (page: Page, shown: boolean) => expect.poll(() => faucetAction(page).count(), WAIT).toBe(shown ? 1 : 0)

describe('given the project page open in one tab and the admin page in another', () => {
  it("11: the admin page asks for the token, says 'Wrong admin token' to a wrong one, and lists the projects for the right one (axe clean, both themes)", async () => {
    await resetProject()
    const admin = await openAdmin()
    for (const colorScheme of ['light', 'dark'] as const) {
      await admin.emulateMedia({ colorScheme })
      await expectNoSeriousAxeViolations(admin, 'body')
    }
    await admin.getByLabel('Admin token').fill(`wrong-${backend.adminToken.value}`)
    await admin.getByRole('button', { name: 'Sign in' }).click()
    await expect.poll(() => status(admin).textContent(), WAIT).toBe('Wrong admin token')
    expect(await admin.getByRole('navigation', { name: 'Projects' }).count()).toBe(0)

    await admin.getByLabel('Admin token').fill(backend.adminToken.value)
    await admin.getByRole('button', { name: 'Sign in' }).click()
    await admin.getByRole('navigation', { name: 'Projects' }).getByRole('button', { name: /Latch dev/ }).waitFor(WAIT)
    expect(await admin.getByRole('navigation', { name: 'Projects' }).getByRole('button', { name: /Latch dev/ }).getAttribute('aria-current')).toBe('true')
    expect(await faucetSwitch(admin).isChecked()).toBe(true)
    // The analytics caption says what the switch's state does: on, then off.
    expect(await admin.getByRole('switch', { name: 'Analytics', exact: true }).isChecked()).toBe(true)
    expect(await captionOf(admin, 'Analytics')).toBe("On: the project's pages send analytics events")
    await admin.getByRole('switch', { name: 'Analytics', exact: true }).click()
    expect(await captionOf(admin, 'Analytics')).toBe("Off: the project's pages send no analytics events")
    await admin.getByRole('switch', { name: 'Analytics', exact: true }).click()
    const origins = admin.getByRole('group', { name: 'Allowed origins' }).getByRole('listitem')
    expect(await origins.allTextContents()).toEqual(ORIGINS.map((origin) => `${origin}Remove`))
    for (const colorScheme of ['light', 'dark'] as const) {
      await admin.emulateMedia({ colorScheme })
      await expectNoSeriousAxeViolations(admin, 'body')
    }
  })

  it('11: switching the feature off and saving takes its Account action off the live page, without a reload; on brings it back; the page with live updates off follows only on refreshConfig()', async () => {
    await resetProject()
    const live = await openAccount(operator, true)
    const manual = await openAccount(visitor, false)
    await faucetAction(live).waitFor(WAIT)
    await faucetAction(manual).waitFor(WAIT)
    const admin = await openAdminSignedIn()

    // Off, by mouse, as an operator would.
    await faucetSwitch(admin).click()
    expect(await faucetSwitch(admin).isChecked()).toBe(false)
    await admin.getByText('Unsaved changes').waitFor(WAIT)
    // The live page still has it: nothing is pushed before Save.
    expect(await faucetAction(live).count()).toBe(1)
    await admin.getByRole('button', { name: 'Save' }).click()
    await untilFaucet(live, false)
    await expect.poll(() => saveStatus(admin).textContent(), WAIT).toBe('Saved')
    // Said beside Save, not at the top of the page, out of sight.
    expect(await status(admin).textContent()).toBe('')
    expect(backend.projects.get('latch-dev')?.features.faucet).toBe(false)
    // Without a reload: the live page's modal is still on Account, its kit has unloaded the plugin.
    await live.getByRole('dialog', { name: 'Account' }).waitFor(WAIT)
    expect(await live.evaluate(() => (window as any).__latch.state().plugins.faucet)).toBe('skipped')
    // The live page has applied the push; the page listening to nothing still shows the action…
    expect(await faucetAction(manual).count()).toBe(1)
    // …until its host asks.
    expect(await manual.evaluate(() => (window as any).__latch.refreshConfig())).toBe(false)
    await faucetAction(manual).waitFor({ state: 'detached', ...WAIT })

    // On, by mouse again.
    await faucetSwitch(admin).click()
    await admin.getByRole('button', { name: 'Save' }).click()
    await untilFaucet(live, true)
    await expect.poll(() => saveStatus(admin).textContent(), WAIT).toBe('Saved')
    // The action works again: it opens the faucet's view.
    await faucetAction(live).click()
    await live.getByRole('dialog', { name: 'Faucet' }).waitFor(WAIT)
    expect(await faucetAction(manual).count()).toBe(0)
    expect(await manual.evaluate(() => (window as any).__latch.refreshConfig())).toBe(true)
    await faucetAction(manual).waitFor(WAIT)
    await live.evaluate(() => (window as any).__latch.open('Account'))
    await faucetAction(live).waitFor(WAIT)
  })

  it('11: an operator using only the keyboard switches the feature off (the live page follows), adds an origin, and is told which field the API refused', async () => {
    await resetProject()
    const live = await openAccount(operator, true)
    await faucetAction(live).waitFor(WAIT)
    const admin = await openAdminSignedIn()
    // A reload keeps the operator signed in (the token is in this tab's session storage).
    await admin.reload()
    await faucetSwitch(admin).waitFor(WAIT)
    await tabTo(admin, 'faucet')
    await admin.keyboard.press('Space')
    expect(await faucetSwitch(admin).isChecked()).toBe(false)

    // An origin the API would refuse is refused on the spot; a good one is added by Enter.
    await tabTo(admin, 'New origin')
    await admin.keyboard.type('not a url')
    await admin.keyboard.press('Enter')
    await admin.getByRole('alert').filter({ hasText: 'Not an origin: not a url.' }).waitFor(WAIT)
    expect(await admin.getByLabel('New origin').getAttribute('aria-invalid')).toBe('true')
    await admin.keyboard.press('ControlOrMeta+A')
    await admin.keyboard.type('https://*.shop.example')
    await admin.keyboard.press('Enter')
    await admin.getByRole('group', { name: 'Allowed origins' }).getByRole('listitem').filter({ hasText: 'https://*.shop.example' }).waitFor(WAIT)
    expect((await focused(admin)).name).toBe('New origin')

    // Nothing is pushed before Save: the live page still has the action.
    expect(await faucetAction(live).count()).toBe(1)
    await tabTo(admin, 'Save')
    await admin.keyboard.press('Enter')
    await untilFaucet(live, false)
    await expect.poll(() => saveStatus(admin).textContent(), WAIT).toBe('Saved')
    // Focus stays where the operator left it.
    expect((await focused(admin)).name).toBe('Save')
    expect(backend.projects.get('latch-dev')).toMatchObject({
      allowedOrigins: [...ORIGINS, 'https://*.shop.example'],
      features: { faucet: false },
    })

    // A refused save: the page's sentence, then the API's 400 naming the field (its words, as data), on screen; nothing is stored.
    await tabTo(admin, 'Name')
    await admin.keyboard.press('ControlOrMeta+A')
    await admin.keyboard.press('Backspace')
    await tabTo(admin, 'Save')
    await admin.keyboard.press('Enter')
    await expect.poll(() => saveStatus(admin).textContent(), WAIT).toBe('The server refused this change: body/name must NOT have fewer than 1 characters')
    expect(await saveStatus(admin).locator('bdi').textContent()).toBe('body/name must NOT have fewer than 1 characters')
    expect(backend.projects.get('latch-dev')?.name).toBe('Latch dev')
    await expectNoSeriousAxeViolations(admin, 'body')
  })
})
