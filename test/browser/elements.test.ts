import { mkdirSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { shortAddress } from '../../ui-shell/react/shortAddress.js'
import { buildVanilla } from '../../examples/vanilla/build.mjs'
import { buildTestPage } from '../support/buildTestPage.js'
import { expectNoSeriousAxeViolations } from '../support/expectNoSeriousAxeViolations.js'
import { serveDirectory } from '../support/serveDirectory.js'
import { launchBrowser } from '../support/launchBrowser.js'
import { createTestEip1193Wallet } from '../support/wallets/createTestEip1193Wallet.js'
import { exposeTestEip1193Wallet } from '../support/wallets/exposeTestEip1193Wallet.js'

// Issue 10: the custom elements of `latch/elements` on a page without React (examples/vanilla),
// built the way its README says and served by the reference backend, driven in Chromium with
// the EIP-6963 test wallet.
const account = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 8 })
const WALLET_INFO = { uuid: '7a9c1e3f-5b7d-4f91-a3b5-c7d9e1f3a5b7', name: 'Latch Test Wallet', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.latch.testwallet' }
const WAIT = { timeout: 20_000 }

let backend: RunningBackend
let browser: Browser
let outdir: string

beforeAll(async () => {
  mkdirSync('test-results/screenshots', { recursive: true })
  outdir = await mkdtemp(join(tmpdir(), 'latch-vanilla-'))
  await buildVanilla(outdir)
  ;[backend, browser] = await Promise.all([startBackend({ staticDir: outdir }), launchBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await backend?.close()
  if (outdir) await rm(outdir, { recursive: true, force: true })
})

async function openExample(): Promise<Page> {
  // One context per page: axe needs it.
  const context = await browser.newContext()
  const page = await context.newPage()
  page.once('close', () => void context.close().catch(() => {}))
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  const chainRpc = `${backend.url}/v1?chainId=eip155:31337&projectId=latch-dev`
  await exposeTestEip1193Wallet(page, createTestEip1193Wallet({ account, chains: { 31337: chainRpc } }), WALLET_INFO)
  await page.goto(`${backend.url}/`)
  await page.locator('latch-connect-button').getByRole('button', { name: 'Connect Wallet' }).waitFor(WAIT)
  expect(errors).toEqual([])
  return page
}

describe('given the vanilla example with <latch-*-button> elements', () => {
  it('renders the connect and network buttons, and none for the account while disconnected', async () => {
    const page = await openExample()
    const network = page.locator('latch-network-button [data-latch-button="network"]')
    await expect.poll(() => network.innerText(), WAIT).toBe('Latch Local')
    expect(await page.locator('latch-network-button [data-latch-button]').getAttribute('data-latch-size')).toBe('sm')
    expect(await page.locator('latch-account-button [data-latch-button]').count()).toBe(0)
    // Styled: the buttons' stylesheet adopted by the page once.
    expect(
      await page.evaluate(() => document.adoptedStyleSheets.filter((sheet) => [...sheet.cssRules].some((rule) => rule.cssText.includes('data-latch-button'))).length),
    ).toBe(1)
    await expectNoSeriousAxeViolations(page, 'nav')
    await page.close()
  })

  it('opens the modal from <latch-connect-button>; once connected the account and network elements show the wallet', async () => {
    const page = await openExample()
    await page.locator('latch-connect-button').getByRole('button', { name: 'Connect Wallet' }).click()
    const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
    await dialog.getByRole('button', { name: /Latch Test Wallet/ }).click(WAIT)
    await page.getByRole('dialog').waitFor({ state: 'hidden', ...WAIT })

    const accountButton = page.locator('latch-account-button [data-latch-button="account"]')
    await expect.poll(() => accountButton.innerText(), WAIT).toContain(shortAddress(account.address))
    await expect.poll(() => accountButton.innerText(), WAIT).toMatch(/ETH$/)
    expect(await page.locator('latch-network-button').innerText()).toBe('Latch Local')
    // The page's own code hides the connect element once connected.
    await expect.poll(() => page.locator('latch-connect-button').isHidden(), WAIT).toBe(true)
    await expectNoSeriousAxeViolations(page, 'nav')
    await page.locator('header').screenshot({ path: 'test-results/screenshots/elements-connected-dark.png', animations: 'disabled' })

    await page.locator('latch-network-button').getByRole('button').click()
    const networks = page.getByRole('dialog', { name: 'Choose Network' })
    await networks.getByRole('button', { name: /Latch Local 31338/ }).click(WAIT)
    await expect.poll(() => page.locator('latch-network-button').innerText(), WAIT).toBe('Latch Local 31338')
    await page.close()
  })

  it('follows its attributes: variant="unstyled" drops the Latch styles, a label replaces the text', async () => {
    const page = await openExample()
    const element = page.locator('latch-connect-button')
    const connect = element.locator('[data-latch-button="connect"]')
    const radius = () => connect.evaluate((button) => getComputedStyle(button).borderRadius)
    expect(await radius()).toBe('999px')
    await element.evaluate((node) => {
      node.setAttribute('variant', 'unstyled')
      node.setAttribute('label', 'Sign in')
    })
    await expect.poll(() => connect.innerText(), WAIT).toBe('Sign in')
    expect(await connect.getAttribute('data-latch-variant')).toBe('unstyled')
    expect(await radius()).not.toBe('999px')
    await page.close()
  })

  it('unmounts its button when taken out of the page, and renders it again when put back', async () => {
    const page = await openExample()
    const buttonsIn = () => page.evaluate(() => (window as any).__detached.querySelectorAll('button').length)
    await page.evaluate(() => {
      const element = document.querySelector('latch-network-button')!
      ;(window as any).__detached = element
      element.remove()
    })
    expect(await buttonsIn()).toBe(0)
    await page.evaluate(() => document.querySelector('nav')!.prepend((window as any).__detached))
    await expect.poll(() => page.locator('latch-network-button').innerText(), WAIT).toBe('Latch Local')
    await page.close()
  })

})

describe('defineLatchElements', () => {
  let site: Awaited<ReturnType<typeof serveDirectory>>
  let pageDir: string
  beforeAll(async () => {
    pageDir = await buildTestPage(fileURLToPath(new URL('./fixtures/elementsDefinePage.ts', import.meta.url)))
    site = await serveDirectory(pageDir)
  })
  afterAll(async () => {
    await site?.close()
    if (pageDir) await rm(pageDir, { recursive: true, force: true })
  })

  const openDefinePage = async () => {
    const page = await browser.newPage()
    await page.goto(site.url)
    await page.waitForFunction(() => (window as any).__latch !== undefined, undefined, WAIT)
    return page
  }
  const REFUSED = 'ElementDefinedError: <latch-connect-button> is already defined for another kit or by another library.'

  it('defines each tag once: the same kit again does nothing, another kit is refused', async () => {
    const page = await openDefinePage()
    expect(await page.evaluate(() => (window as any).__latch.defineFirst())).toBe('defined')
    expect(await page.evaluate(() => (window as any).__latch.defineFirst())).toBe('defined')
    expect(await page.evaluate(() => (window as any).__latch.defineSecond())).toBe(REFUSED)
    await page.close()
  })

  it("refuses a tag another library's element already has, and defines none of the three", async () => {
    const page = await openDefinePage()
    await page.evaluate(() => (window as any).__latch.takeTag())
    expect(await page.evaluate(() => (window as any).__latch.defineFirst())).toBe(REFUSED.replace('connect', 'network'))
    expect(await page.evaluate(() => (window as any).__latch.definedTags())).toEqual(['latch-network-button'])
    await page.close()
  })
})
