import { fileURLToPath } from 'node:url'
import type { BrowserContext, Page } from 'playwright-core'
import { createPublicClient, http, stringToHex, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openKitPage } from '../support/openKitPage.js'
import { logInByEmail, newVisitorEmail, walletFrame } from '../support/emailLogin.js'
import { startPageOnBackend, type PageOnBackend } from '../support/startPageOnBackend.js'
import { approveInWalletFrame } from '../support/approveInWalletFrame.js'
import { step } from '../support/step.js'
import { expectNoSeriousAxeViolations } from '../support/expectNoSeriousAxeViolations.js'
import { addPasskeyAuthenticator, type PasskeyCredential } from '../security/passkeyWindow.js'

// Issue 26: passkeys reached from the modal, on the real backend with key shares on, Chromium and
// its virtual authenticator (CDP WebAuthn). Device A logs in by email and, from Account, adds a
// passkey and exports its key (shown in the secure site's window only); device B (another browser
// context, the passkey moved to its authenticator as a synced passkey would be) connects with
// "Continue with a passkey", is offered recovery when its first signature finds no key share
// here, recovers, and signs personal_sign as A's address.
const WAIT = { timeout: 30_000 }
const MESSAGE = 'Signed after a passkey login'

let stack: PageOnBackend
let backend: PageOnBackend['backend']
beforeAll(async () => {
  // At `localhost` (a WebAuthn RP ID is a host name, never an IP), page and secure site alike: the
  // frame is then same-site and keeps its device share in IndexedDB.
  stack = await startPageOnBackend(fileURLToPath(new URL('./fixtures/emailPage.ts', import.meta.url)), { keyShares: true, host: 'localhost' })
  ;({ backend } = stack)
}, 300_000)
afterAll(() => stack?.close())

const evm = () => backend.deployment.evm.find((chain) => chain.chainId === 31337)!
const chainClient = () =>
  createPublicClient({ chain: { id: 31337, name: 'Latch Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [evm().rpcUrl] } } }, transport: http(evm().rpcUrl) })
const dialog = (page: Page) => page.getByRole('dialog')
const latch = <T>(page: Page, run: string): Promise<T> => page.evaluate(`(async () => (${run}))()`) as Promise<T>

/** The email page on the backend, in `context` (a device), Connect open; it records every message the page receives. */
async function openDevice(context: BrowserContext): Promise<Page> {
  const config = { apiUrl: backend.url, rpcUrl: evm().rpcUrl, secureSiteUrl: backend.secureSiteUrl }
  return openKitPage({
    browser: stack.browser,
    url: backend.url,
    configName: '__latchEmailConfig',
    config,
    context,
    prepare: async (page) => {
      await page.addInitScript(() => {
        const received: unknown[] = []
        Object.assign(window, { __received: received })
        window.addEventListener('message', (event) => received.push(event.data))
      })
    },
  })
}

/**
 * The visitor presses the frame's "Continue in a secure window", shown in the modal over the
 * Passkey view (windows open only on a click in the frame), and gets the passkey window opened.
 */
async function continueInSecureWindow(page: Page, shot?: string): Promise<{ page: Page; press(name: string): Promise<void> }> {
  const button = walletFrame(page).getByRole('button', { name: 'Continue in a secure window' })
  await button.waitFor({ state: 'visible', ...WAIT })
  if (shot) await page.screenshot({ path: `test-results/screenshots/${shot}.png` })
  // The modal shows the frame: it is displayed, over the Passkey view's box.
  expect(await page.locator('#w3m-iframe').evaluate((frame) => getComputedStyle(frame).display)).toBe('block')
  const opening = page.context().waitForEvent('page', WAIT)
  // By key: the frame follows the view's box as it slides in, and a key press on the focused button cannot miss.
  await button.press('Enter')
  const opened = await opening
  await opened.waitForURL((url) => url.pathname === '/passkey', { timeout: 15_000 })
  return {
    page: opened,
    press: async (name) => {
      const pressed = opened.getByRole('button', { name })
      await pressed.waitFor({ state: 'visible', ...WAIT })
      await pressed.click()
    },
  }
}

/** The host page's whole DOM (the modal's shadow root included) and every message it received, as text. */
const hostPageText = (page: Page) =>
  page.evaluate(() => {
    const roots: string[] = [document.documentElement.outerHTML]
    for (const element of document.querySelectorAll('*')) if (element.shadowRoot) roots.push(element.shadowRoot.innerHTML)
    return `${roots.join('\n')}\n${JSON.stringify((window as any).__received)}`
  })

/** Starts a host provider request; its outcome as data. */
const startRequest = (page: Page, method: string, params?: unknown) =>
  page.evaluate(([method, params]) => (window as any).__latch.request(method, params), [method, params] as const) as Promise<{ result?: unknown; error?: { code?: unknown; message?: string } }>

describe('given the backend offers passkeys (key shares on)', () => {
  it('says so in the remote configuration the kit reads, unless a project turns them off', async () => {
    const features = async (projectId: string) => ((await (await fetch(`${backend.url}/appkit/v1/config?projectId=${projectId}&st=latch`)).json()) as { features: Record<string, unknown> }).features
    expect((await features('latch-dev')).passkeys).toBe(true)
    await backend.projects.create({ id: 'no-passkeys', name: 'No passkeys', allowedOrigins: ['http://localhost:*'], features: { email: true, passkeys: false } })
    expect((await features('no-passkeys')).passkeys).toBe(false)
  })

  it('adds a passkey from Account, exports the key in the secure window only, and a new device connects with the passkey, recovers and signs as the same address', { timeout: 420_000 }, async () => {
    const pageA = await openDevice(await stack.browser.newContext())
    const address = (await step('device A logs in by email from Connect', () => logInByEmail(pageA, backend, newVisitorEmail()))) as Address
    const eoa = await step('its accounts name the EOA the key makes', async () => {
      const accounts = await latch<Array<{ address: Address; type: string }>>(pageA, 'window.__latch.embeddedAccounts()')
      return accounts.find((account) => account.type === 'eoa')!.address
    })

    const credential = await step('Account offers "Add a passkey"; the modal shows the frame, whose secure window creates the passkey', async () => {
      await latch(pageA, "window.__latch.open('Account')")
      await dialog(pageA).getByRole('button', { name: 'Add a passkey' }).click()
      await pageA.getByRole('dialog', { name: 'Add a passkey' }).waitFor(WAIT)
      const window = await continueInSecureWindow(pageA, 'Passkey-add')
      const authenticator = await addPasskeyAuthenticator(window.page)
      await window.press('Create passkey')
      await dialog(pageA).getByText('Your wallet is protected by a passkey.').waitFor(WAIT)
      await expectNoSeriousAxeViolations(pageA)
      const [created] = await authenticator.credentials()
      expect(created?.rpId).toBe('localhost')
      return created!
    })

    await step('back on Account, the row says the wallet is protected by a passkey', async () => {
      await dialog(pageA).getByRole('button', { name: 'Done' }).click()
      await dialog(pageA).getByRole('button', { name: 'Protected by a passkey' }).waitFor(WAIT)
    })

    await step('"Export private key" shows the key in the secure window only: it makes the EOA, and the host page never holds it', async () => {
      await dialog(pageA).getByRole('button', { name: 'Export private key' }).click()
      const window = await continueInSecureWindow(pageA)
      await window.press('Show private key')
      const shown = (await window.page.locator('#private-key').textContent(WAIT)) as Hex
      expect(privateKeyToAccount(shown).address).toBe(eoa)
      await dialog(pageA).getByText('Your private key was shown in the wallet’s secure window.', { exact: false }).waitFor(WAIT)
      const text = (await hostPageText(pageA)).toLowerCase()
      expect(text).not.toContain(shown.slice(2).toLowerCase())
      await window.page.close()
    })

    await step('device A disconnects', async () => {
      await latch(pageA, 'window.__latch.disconnect()')
      await expect.poll(() => latch(pageA, 'window.__latch.state().address'), WAIT).toBeUndefined()
    })

    const pageB = await openDevice(await stack.browser.newContext())
    let moved: PasskeyCredential = credential
    await step('device B connects with "Continue with a passkey" (the passkey moved to its authenticator) as the same address', async () => {
      await expectNoSeriousAxeViolations(pageB)
      await pageB.screenshot({ path: 'test-results/screenshots/Connect-passkey.png' })
      await dialog(pageB).getByRole('button', { name: 'Continue with a passkey' }).click()
      const window = await continueInSecureWindow(pageB)
      const authenticator = await addPasskeyAuthenticator(window.page, moved)
      await window.press('Use passkey')
      await dialog(pageB).waitFor({ state: 'hidden', ...WAIT })
      await expect.poll(() => latch(pageB, 'window.__latch.state().address'), WAIT).toBe(address)
      moved = (await authenticator.credentials())[0] ?? moved
    })

    await step('its first signature finds no key share on this device: the request fails clearly and the modal offers recovery', async () => {
      const pending = startRequest(pageB, 'personal_sign', [stringToHex(MESSAGE), address])
      await approveInWalletFrame(walletFrame(pageB))
      expect((await pending).error?.message).toBe("This device does not hold your wallet's key yet: recover it with your passkey, then try again")
      await pageB.getByRole('dialog', { name: 'Recover with passkey' }).waitFor(WAIT)
    })

    await step('it recovers with the passkey in the secure window', async () => {
      const window = await continueInSecureWindow(pageB)
      await addPasskeyAuthenticator(window.page, moved)
      await window.press('Use passkey')
      await dialog(pageB).getByText('Recovered: this device holds your wallet’s key again.', { exact: false }).waitFor(WAIT)
      await dialog(pageB).getByRole('button', { name: 'Done' }).click()
    })

    await step('personal_sign on device B now verifies as the address A used', async () => {
      const pending = startRequest(pageB, 'personal_sign', [stringToHex(MESSAGE), address])
      await approveInWalletFrame(walletFrame(pageB))
      const { result, error } = await pending
      expect(error).toBeUndefined()
      // A smart account not yet deployed: viem checks the ERC-6492 wrapping against it.
      expect(await chainClient().verifyMessage({ address, message: MESSAGE, signature: result as Hex })).toBe(true)
    })
    await pageA.context().close()
    await pageB.context().close()
  })
})
