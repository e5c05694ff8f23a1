import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Locator, Page } from 'playwright-core'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BUTTON_STYLES } from '../../ui-shell/elements/index.js'
import { THEMES } from '../../ui-shell/theme/themes.js'
import { shortAddress } from '../../ui-shell/react/shortAddress.js'
import { expectNoSeriousAxeViolations } from '../support/expectNoSeriousAxeViolations.js'
import { startTestPageStack, type TestPageStack } from '../support/startTestPageStack.js'
import { createTestEip1193Wallet } from '../support/wallets/createTestEip1193Wallet.js'
import { exposeTestEip1193Wallet } from '../support/wallets/exposeTestEip1193Wallet.js'
import type { ButtonsPageConfig } from './fixtures/buttonsPage.js'

// Issue 10: the host buttons styled from the theme's tokens, in both themes and both sizes, with
// a loading state and an unstyled variant, on a page with a real kit and the EIP-6963 test wallet.
const account = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 7 })
const WALLET_INFO = { uuid: '2d4f6a8c-1b3d-4e5f-9a0b-1c2d3e4f5a6b', name: 'Latch Test Wallet', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.latch.testwallet' }
const WAIT = { timeout: 20_000 }
const SHOTS = 'test-results/screenshots'
const THEME_MODES = ['dark', 'light'] as const

let stack: TestPageStack
beforeAll(async () => {
  stack = await startTestPageStack(fileURLToPath(new URL('./fixtures/buttonsPage.tsx', import.meta.url)))
  mkdirSync(SHOTS, { recursive: true })
})
afterAll(() => stack?.close())

/** The page with its kit ready; `approve` answers the wallet's prompts (all approved by default); `host` is the kit's language and copy. */
async function openPage(approve?: () => Promise<boolean>, host: Omit<ButtonsPageConfig, 'rpcUrl'> = {}): Promise<Page> {
  // One context per page: axe needs it.
  const context = await stack.browser.newContext()
  const page = await context.newPage()
  page.once('close', () => void context.close().catch(() => {}))
  const wallet = createTestEip1193Wallet({ account, chains: { 31337: stack.chain.rpcUrl }, approve })
  await page.addInitScript((config) => Object.assign(window, { __latchButtonsConfig: config }), { rpcUrl: stack.chain.rpcUrl, ...host })
  await exposeTestEip1193Wallet(page, wallet, WALLET_INFO)
  await page.goto(stack.site.url)
  await page.waitForFunction(() => (window as any).__latch !== undefined, undefined, WAIT)
  await page.evaluate(() => (window as any).__latch.ready)
  return page
}

const row = (page: Page, name: string) => page.locator(`[data-row="${name}"]`)
const button = (page: Page, rowName: string, kind: 'connect' | 'account' | 'network') => row(page, rowName).locator(`[data-latch-button="${kind}"]`)
const css = (locator: Locator, property: string, pseudo?: string) =>
  locator.evaluate((element, [name, before]) => getComputedStyle(element, before).getPropertyValue(name!), [property, pseudo] as const)
/** A theme token as Chromium computes a colour: `rgb(r, g, b)`. */
/** How many of the document's adopted stylesheets are the buttons' (run in the page). */
const adoptedButtonSheets = () =>
  document.adoptedStyleSheets.filter((sheet) => [...sheet.cssRules].some((rule) => rule.cssText.includes('data-latch-button'))).length
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`

async function setTheme(page: Page, mode: 'dark' | 'light') {
  await page.evaluate((next) => (window as any).__latch.setTheme(next), mode)
  await expect.poll(() => button(page, 'md', 'network').getAttribute('data-latch-theme'), WAIT).toBe(mode === 'light' ? 'light' : null)
}

async function connectThroughModal(page: Page) {
  await button(page, 'md', 'connect').click()
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /Latch Test Wallet/ }).click(WAIT)
  await page.getByRole('dialog').waitFor({ state: 'hidden', ...WAIT })
}

const shot = (page: Page, name: string) => page.locator('#buttons').screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled' })

describe('given a disconnected visitor', () => {
  it('shows Connect Wallet and the network the kit starts on, styled from each theme, axe clean', async () => {
    const page = await openPage()
    for (const mode of THEME_MODES) {
      await setTheme(page, mode)
      const connect = button(page, 'md', 'connect')
      expect(await connect.innerText()).toBe('Connect Wallet')
      expect(await button(page, 'md', 'network').innerText()).toBe('Latch Local')
      expect(await button(page, 'md', 'account').count()).toBe(0)
      // Polled: the colours ease over 120 ms after a theme switch.
      await expect.poll(() => css(connect, 'background-color'), WAIT).toBe(rgb(THEMES[mode]['--latch-accent']!))
      await expect.poll(() => css(button(page, 'md', 'network'), 'background-color'), WAIT).toBe(rgb(THEMES[mode]['--latch-surface']!))
      await expectNoSeriousAxeViolations(page, '#buttons')
      await shot(page, `buttons-disconnected-${mode}`)
    }
    await page.close()
  })

  it('is 40px high in md and 32px in sm, with a focus ring in the accent colour', async () => {
    const page = await openPage()
    expect(await css(button(page, 'md', 'connect'), 'height')).toBe('40px')
    expect(await css(button(page, 'sm', 'connect'), 'height')).toBe('32px')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    const focused = button(page, 'md', 'connect')
    await expect.poll(() => focused.evaluate((element) => element === document.activeElement), WAIT).toBe(true)
    expect(await css(focused, 'outline-style')).toBe('solid')
    expect(await css(focused, 'outline-color')).toBe(rgb(THEMES.dark['--latch-accent']!))
    await page.close()
  })

  it("follows the host's theme variables live, as the modal does; only --latch-* names pass", async () => {
    const page = await openPage()
    await page.evaluate(() => (window as any).__latch.setThemeVariables({ '--latch-accent': '#e4007c', color: 'red' }))
    await expect.poll(() => css(button(page, 'md', 'connect'), 'background-color'), WAIT).toBe('rgb(228, 0, 124)')
    expect(await button(page, 'md', 'connect').getAttribute('style')).toBe('--latch-accent: #e4007c;')
    expect(await button(page, 'unstyled', 'connect').getAttribute('style')).toBeNull()
    await page.close()
  })

  it('leaves an unstyled button as the page styles a plain <button>', async () => {
    const page = await openPage()
    const unstyled = button(page, 'unstyled', 'connect')
    const plain = page.locator('#plain')
    for (const property of ['background-color', 'color', 'border-top-width', 'border-radius', 'padding-left', 'font-family', 'font-size', 'cursor'])
      expect([property, await css(unstyled, property)]).toEqual([property, await css(plain, property)])
    expect(await unstyled.innerText()).toBe('Connect Wallet')
    await page.close()
  })

  it("runs the host's onClick first: preventDefault keeps the modal closed", async () => {
    const page = await openPage()
    await page.locator('#cancelled').click()
    await button(page, 'md', 'connect').click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor(WAIT)
    expect(await page.evaluate(() => (window as any).__latch.opened)).toBe(1)
    await page.close()
  })

  it('adopts one stylesheet on the document for all its buttons, and drops it with the last one', async () => {
    const page = await openPage()
    const sheets = () => page.evaluate(adoptedButtonSheets)
    expect(await page.locator('[data-latch-button]').count()).toBeGreaterThan(5)
    expect(await sheets()).toBe(1)
    await page.evaluate(() => (window as any).__latch.unmount())
    await expect.poll(sheets, WAIT).toBe(0)
    await page.close()
  })

  it('uses a stylesheet the host placed itself (a strict CSP) and never removes it', async () => {
    const page = await openPage()
    await page.evaluate(() => (window as any).__latch.unmount())
    await expect.poll(() => page.evaluate(adoptedButtonSheets), WAIT).toBe(0)
    // BUTTON_STYLES served as a file, as such a host would.
    const href = `data:text/css,${encodeURIComponent(BUTTON_STYLES)}`
    await page.evaluate((url) => {
      const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: url, id: 'host-sheet' })
      link.setAttribute('data-latch-buttons', '')
      document.head.append(link)
      return new Promise((loaded) => (link.onload = loaded))
    }, href)
    await page.evaluate(() => (window as any).__latch.remount())
    await button(page, 'md', 'connect').waitFor(WAIT)
    const placed = () => page.evaluate(() => [...document.querySelectorAll('[data-latch-buttons]')].map((element) => element.id))
    expect(await placed()).toEqual(['host-sheet'])
    expect(await page.evaluate(adoptedButtonSheets)).toBe(0)
    expect(await css(button(page, 'md', 'connect'), 'height')).toBe('40px')
    await page.evaluate(() => (window as any).__latch.unmount())
    await button(page, 'md', 'connect').waitFor({ state: 'detached', ...WAIT })
    expect(await placed()).toEqual(['host-sheet'])
    await page.close()
  })
})

describe("given the host's language and its own copy (createKit({ locale, messages }))", () => {
  // Issue 30: the language store is a chunk fetched during start; the button reads it once it is there.
  it("issue 30: shows the host's copy for its locale, then the catalogue's words after kit.setLocale", async () => {
    const page = await openPage(undefined, { locale: 'ja', messages: { ja: { 'button.connect': 'Acme に接続' } } })
    await expect.poll(() => button(page, 'md', 'connect').innerText(), WAIT).toBe('Acme に接続')
    await page.evaluate(() => (window as any).__latch.setLocale('ar'))
    await expect.poll(() => button(page, 'md', 'connect').innerText(), WAIT).toBe('ربط المحفظة')
    await page.close()
  })
})

describe('given a visitor connecting with the EIP-6963 test wallet', () => {
  it("shows 'Connecting…' with aria-busy while the wallet is asked, then the account", async () => {
    let answer!: (approved: boolean) => void
    const answered = new Promise<boolean>((resolve) => (answer = resolve))
    const page = await openPage(() => answered)
    const connect = button(page, 'md', 'connect')
    await connect.click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /Latch Test Wallet/ }).click(WAIT)
    await expect.poll(() => connect.innerText(), WAIT).toBe('Connecting…')
    expect(await connect.getAttribute('aria-busy')).toBe('true')
    answer(true)
    await expect.poll(() => connect.innerText(), WAIT).toMatch(new RegExp(`^${shortAddress(account.address)}`))
    expect(await connect.getAttribute('aria-busy')).toBeNull()
    await page.close()
  })

  it('shows the identicon, short address and balance, and the network glyph and name, in both themes, axe clean', async () => {
    const page = await openPage()
    await connectThroughModal(page)
    const accountButton = button(page, 'md', 'account')
    await expect.poll(() => accountButton.innerText(), WAIT).toMatch(/ETH$/)
    expect(await accountButton.innerText()).toContain(shortAddress(account.address))
    // The accessible name starts with who is connected.
    await page.getByRole('button', { name: new RegExp(`^${shortAddress(account.address)}`) }).first().waitFor(WAIT)
    expect(await accountButton.locator('svg[data-latch-part="avatar"]').count()).toBe(1)
    const network = button(page, 'md', 'network')
    expect(await network.innerText()).toBe('Latch Local')
    expect(await css(network.locator('[data-latch-part="glyph"]'), 'content', '::before')).toBe('"L"')
    for (const mode of THEME_MODES) {
      await setTheme(page, mode)
      await expect.poll(() => css(accountButton, 'background-color'), WAIT).toBe(rgb(THEMES[mode]['--latch-surface']!))
      await expectNoSeriousAxeViolations(page, '#buttons')
      await shot(page, `buttons-connected-${mode}`)
    }
    await accountButton.click()
    await page.getByRole('dialog', { name: 'Account' }).waitFor(WAIT)
    await page.close()
  })
})
