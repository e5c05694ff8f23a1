import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningBackend } from '../../server/startBackend.js'
import { startPageOnBackend, type PageOnBackend } from '../support/startPageOnBackend.js'
import { logInByEmail, newVisitorEmail, walletFrame } from '../support/emailLogin.js'
import { expectNoSeriousAxeViolations } from '../support/expectNoSeriousAxeViolations.js'
import { openKitPage } from '../support/openKitPage.js'
import { step } from '../support/step.js'
import { approveInWalletFrame } from '../support/approveInWalletFrame.js'

// Issue 13, names: a visitor logged in by email registers a name with the embedded wallet (the
// signature approved in the secure site's frame, checked by the server), sees it on Account and
// on the host's AccountButton (again right after a reload); bad input shows each rule's sentence;
// a taken name is refused.
const WAIT = { timeout: 30_000 }
/** ENSIP-11 coin type of chain 31337: (0x80000000 | 31337) >>> 0. */
const COIN_TYPE_31337 = 2147514985

let stack: PageOnBackend
let backend: RunningBackend
let browser: Browser

beforeAll(async () => {
  stack = await startPageOnBackend(fileURLToPath(new URL('./fixtures/namesPage.tsx', import.meta.url)))
  ;({ backend, browser } = stack)
}, 300_000)
afterAll(() => stack?.close())

const evm = () => backend.deployment.evm.find((chain) => chain.chainId === 31337)!
const accountButton = (page: Page) => page.locator('[data-latch-button="account"]')
const uniqueLabel = (tag: string) => `${tag}-${Date.now().toString(36)}`

async function identityName(address: string): Promise<string | null> {
  const response = await fetch(`${backend.url}/v1/identity/${address}?projectId=latch-dev`)
  return ((await response.json()) as { name: string | null }).name
}

/** Another account registers `label` straight through the server's API, as any other app could. */
async function registerThroughApi(label: string): Promise<void> {
  const other = privateKeyToAccount(generatePrivateKey())
  const message = JSON.stringify({ name: `${label}.reown.id`, attributes: {}, timestamp: Math.floor(Date.now() / 1000) })
  const response = await fetch(`${backend.url}/v1/profile/account?projectId=latch-dev`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ coin_type: COIN_TYPE_31337, address: other.address, message, signature: await other.signMessage({ message }) }),
  })
  expect(response.status).toBe(200)
}

/** Waits until the modal's view transitions have ended (axe reads a fading button's contrast as too low). */
async function viewsSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.querySelector('latch-modal')!.shadowRoot!.getAnimations().every((animation) => animation.effect?.getTiming().iterations === Infinity),
    undefined,
    { ...WAIT, polling: 'raf' },
  )
}

/** Approves the request on the frame's card once the modal's views have settled. */
async function approveInFrame(page: Page): Promise<void> {
  await viewsSettled(page)
  await approveInWalletFrame(walletFrame(page))
}

/** Clicks Register, approves the signature in the embedded wallet's frame, and waits for the frame to go. */
async function registerAndApprove(page: Page, label: string): Promise<void> {
  await page.getByRole('dialog', { name: 'Choose Name' }).getByRole('button', { name: 'Register' }).click()
  await page.getByRole('dialog', { name: 'Approve Transaction' }).waitFor(WAIT)
  // The frame shows what is signed: the registration message with the name in it.
  await walletFrame(page).getByText(`${label}.reown.id`).waitFor(WAIT)
  await approveInFrame(page)
}

// One test, its steps named: each step builds on the one before (the login, then the form, the
// registration, the name shown), and logging in again per step would cost a mailed code each time.
// A failure names its step.
describe('given a visitor logged in by email (the embedded wallet)', () => {
  it('registers a name with the embedded wallet: the rules as typed, a taken name refused, a free one registered and shown', async () => {
    const taken = uniqueLabel('taken')
    const chosen = uniqueLabel('mine')
    const config = { apiUrl: backend.url, rpcUrl: evm().rpcUrl, secureSiteUrl: backend.secureSiteUrl }
    const page = await openKitPage({ browser, url: backend.url, configName: '__latchNamesConfig', config })
    let address = ''

    await step('logs in with the mailed code; Account offers "Choose a name" to the account, which has none; it opens RegisterAccountName', async () => {
      const email = newVisitorEmail()
      address = await logInByEmail(page, backend, email)
      await registerThroughApi(taken)
      expect(await page.evaluate(() => (window as any).__latch.state().walletInfo?.id)).toBe('ID_AUTH')
      // No name yet: the button names the visitor by their email (SPEC §5's display name, cut above 30).
      await expect.poll(() => accountButton(page).locator('[data-latch-part="name"]').textContent(), WAIT).toBe(email.length > 30 ? `${email.slice(0, 30)}…` : email)
      await accountButton(page).click()
      const account = page.getByRole('dialog', { name: 'Account' })
      await account.getByRole('button', { name: 'Choose a name' }).click(WAIT)
      await page.getByRole('dialog', { name: 'Choose Name' }).getByLabel('Name', { exact: true }).waitFor(WAIT)
    })

    await step('shows each rule as the visitor types, with Register off until the name is allowed', async () => {
      const form = page.getByRole('dialog', { name: 'Choose Name' })
      const field = form.getByLabel('Name', { exact: true })
      const register = form.getByRole('button', { name: 'Register' })
      await field.fill('abc')
      await form.getByText('Name must be at least 4 characters').waitFor(WAIT)
      expect(await register.isDisabled()).toBe(true)
      await field.fill('bad name!')
      await form.getByText('Name can only contain letters, numbers and hyphens').waitFor(WAIT)
      expect(await register.isDisabled()).toBe(true)
      expect(await field.getAttribute('aria-invalid')).toBe('true')
      await field.fill('abcd')
      await expect.poll(() => register.isEnabled(), WAIT).toBe(true)
      await expect.poll(() => form.getByText('Name must be at least 4 characters').count(), WAIT).toBe(0)
      await viewsSettled(page)
      await expectNoSeriousAxeViolations(page)
    })

    await step('marks a name another account holds as taken, and the server refuses it after the signature, in its own words', async () => {
      const form = page.getByRole('dialog', { name: 'Choose Name' })
      await form.getByLabel('Name', { exact: true }).fill(taken)
      const suggestions = form.getByRole('list', { name: 'Suggestions' })
      await suggestions.getByRole('button', { name: `${taken}.reown.id Taken`, exact: true }).waitFor(WAIT)
      await suggestions.getByRole('button', { name: `${taken}-wallet.reown.id Available`, exact: true }).waitFor(WAIT)
      await form.getByText(`${taken}.reown.id is taken`).waitFor(WAIT)
      await registerAndApprove(page, taken)
      // Back on the form (SPEC §4), with the server's first reason.
      await page.getByRole('dialog', { name: 'Choose Name' }).getByRole('alert').getByText(`${taken}.reown.id is already registered`).waitFor(WAIT)
      expect(await identityName(address)).toBeNull()
    })

    await step('registers a free name: loading, the signature approved in the frame, then the success view', async () => {
      const form = page.getByRole('dialog', { name: 'Choose Name' })
      const field = form.getByLabel('Name', { exact: true })
      await field.fill(chosen)
      await form.getByRole('list', { name: 'Suggestions' }).getByRole('button', { name: `${chosen}.reown.id Available`, exact: true }).waitFor(WAIT)
      // By keyboard: Enter in the field registers.
      await field.press('Enter')
      // Loading while the visitor signs.
      await page.getByRole('dialog', { name: 'Approve Transaction' }).waitFor(WAIT)
      await walletFrame(page).getByText(`${chosen}.reown.id`).waitFor(WAIT)
      await approveInFrame(page)
      await page.getByRole('dialog', { name: 'Name Registered' }).getByText(`${chosen}.reown.id is yours`).waitFor(WAIT)
      expect(await identityName(address)).toBe(`${chosen}.reown.id`)
      await viewsSettled(page)
      await expectNoSeriousAxeViolations(page)
    })

    await step('the name is the profile name: on Account, on the host\'s AccountButton, and "Choose a name" is gone', async () => {
      await page.getByRole('dialog', { name: 'Name Registered' }).getByRole('button', { name: 'Back to Account' }).click()
      const account = page.getByRole('dialog', { name: 'Account' })
      await account.getByText(`${chosen}.reown.id`, { exact: true }).waitFor(WAIT)
      await expect.poll(() => accountButton(page).locator('[data-latch-part="name"]').textContent(), WAIT).toBe(`${chosen}.reown.id`)
      expect(await page.evaluate(() => (window as any).__latch.state().profileName)).toBe(`${chosen}.reown.id`)
      // The action was there before the registration (first step); now the account has a name.
      await expect.poll(() => account.getByRole('button', { name: 'Choose a name' }).count(), WAIT).toBe(0)
    })

    await step("Send's receiver lookup names the address: the identity Account cached before the registration was replaced (SPEC §9's 5 minutes did not hold it back)", async () => {
      await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Send' }).click()
      const send = page.getByRole('dialog', { name: 'Send' })
      await send.getByLabel('To', { exact: true }).fill(address)
      await expect.poll(() => send.getByTestId('send-receiver-profile').textContent(), WAIT).toMatch(new RegExp(`^${chosen}\\.reown\\.id · 0x`))
    })

    await step("after a reload the host's AccountButton names the account at once, without the modal being opened", async () => {
      await page.reload()
      await page.waitForFunction(() => (window as any).__latch !== undefined, undefined, WAIT)
      await expect.poll(() => accountButton(page).locator('[data-latch-part="name"]').textContent(), WAIT).toBe(`${chosen}.reown.id`)
      expect(await page.evaluate(() => (window as any).__latch.state().open)).toBe(false)
    })
    await page.close()
  }, 300_000)
})
