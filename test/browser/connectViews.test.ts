import type { Page } from 'playwright-core'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectNoSeriousAxeViolations } from '../support/expectNoSeriousAxeViolations.js'
import { startDemo, type DemoStack } from '../support/startDemo.js'
import { createTestEip1193Wallet } from '../support/wallets/createTestEip1193Wallet.js'
import { exposeTestEip1193Wallet } from '../support/wallets/exposeTestEip1193Wallet.js'
import { startWalletKitWallet } from '../support/wallets/startWalletKitWallet.js'

// Dev accounts #2 and #3 of the well-known `test test … junk` mnemonic.
const BROWSER_ACCOUNT = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')
const WC_ACCOUNT = privateKeyToAccount('0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6')
const WALLET_INFO = { uuid: '6a1f2e3d-4c5b-4a69-8e7f-0a1b2c3d4e5f', name: 'Latch Test Wallet', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.latch.testwallet' }
const CLIPBOARD = { permissions: ['clipboard-read', 'clipboard-write'] }

let stack: DemoStack
beforeAll(async () => (stack = await startDemo({ chains: true })))
afterAll(() => stack?.close())

const chainRpc = (chainId: number) => `${stack.url}/v1?chainId=eip155:${chainId}&projectId=latch-dev`
const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`
const dialogView = (page: Page) => page.locator('latch-modal dialog').getAttribute('data-view')
const accountButton = (page: Page) => page.locator('[data-latch-button="account"]')
const accountButtonText = async (page: Page) => ((await accountButton(page).count()) ? accountButton(page).innerText() : '')

/** A browser wallet whose every prompt waits for the test to answer, as a person would. */
function promptedWallet() {
  const prompts: Array<(approve: boolean) => void> = []
  const wallet = createTestEip1193Wallet({
    account: BROWSER_ACCOUNT,
    chains: { 31337: chainRpc(31337), 31338: chainRpc(31338) },
    approve: () => new Promise<boolean>((answer) => prompts.push(answer)),
  })
  return {
    wallet,
    /** Waits for the wallet's next prompt and answers it. */
    async answer(approve: boolean) {
      await expect.poll(() => prompts.length, { timeout: 10_000 }).toBeGreaterThan(0)
      prompts.shift()!(approve)
    },
  }
}

describe.each(['dark', 'light'] as const)('in the %s theme', (theme) => {
  const query = theme === 'light' ? '?theme=light' : ''

  it('lists the browser wallet on Connect, and a rejected connection shows "Connection rejected" until Try again connects', async () => {
    const { wallet, answer } = promptedWallet()
    const page = await stack.openDemo(query, (p) => exposeTestEip1193Wallet(p, wallet, WALLET_INFO))
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
    await dialog.waitFor()
    const wallets = page.getByRole('list', { name: 'Wallets' })
    await wallets.getByRole('button', { name: /Latch Test Wallet/ }).waitFor()
    await wallets.getByRole('button', { name: /WalletConnect/ }).waitFor()
    // The catalogue's count is on the All Wallets row once the recommended wallets arrived.
    await expect.poll(() => page.getByRole('button', { name: /All Wallets/ }).innerText()).toMatch(/All Wallets\s+\d+\+?/)
    await expectNoSeriousAxeViolations(page)
    await page.screenshot({ path: `test-results/screenshots/Connect-${theme}.png` })

    await wallets.getByRole('button', { name: /Latch Test Wallet/ }).click()
    await page.getByRole('dialog', { name: 'Latch Test Wallet' }).waitFor()
    await page.getByText('Continue in Latch Test Wallet').waitFor()
    await page.getByRole('progressbar', { name: 'Connecting' }).waitFor()
    await expectNoSeriousAxeViolations(page)
    await page.screenshot({ path: `test-results/screenshots/ConnectingExternal-${theme}.png` })

    await answer(false)
    await expect.poll(() => page.getByRole('alert').innerText()).toBe('Connection rejected')
    // SPEC §2/§9: the error shakes for 500 ms.
    expect(await page.getByRole('alert').evaluate((e) => `${getComputedStyle(e).animationName} ${getComputedStyle(e).animationDuration}`)).toBe('shake 0.5s')
    await expectNoSeriousAxeViolations(page)
    await page.screenshot({ path: `test-results/screenshots/ConnectingExternalRejected-${theme}.png` })
    expect(await accountButtonText(page)).toBe('')

    await page.getByRole('button', { name: 'Try again' }).click()
    await answer(true)
    await page.getByRole('dialog').waitFor({ state: 'hidden' })
    await expect.poll(() => accountButtonText(page)).toContain(shortAddress(BROWSER_ACCOUNT.address))
    await page.close()
  })

  it('pairs a WalletConnect wallet with the copied link; the account button shows its address, again after a reload', async () => {
    const wallet = await startWalletKitWallet({
      relayUrl: `${stack.url.replace(/^http/, 'ws')}/relay`,
      account: WC_ACCOUNT,
      chainId: 31337,
      storagePrefix: `connect-views-${theme}`,
    })
    try {
      const page = await stack.openDemo(query, undefined, CLIPBOARD)
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      await page.getByRole('list', { name: 'Wallets' }).getByRole('button', { name: /WalletConnect/ }).click()
      await page.getByRole('dialog', { name: 'WalletConnect' }).waitFor()
      expect(await dialogView(page)).toBe('ConnectingWalletConnect')
      await page.getByRole('img', { name: 'WalletConnect QR code' }).waitFor()
      await expectNoSeriousAxeViolations(page)
      await page.screenshot({ path: `test-results/screenshots/ConnectingWalletConnect-${theme}.png` })

      await page.getByRole('button', { name: 'Copy link' }).click()
      await page.getByText('Link copied').waitFor()
      const uri = await page.evaluate(() => navigator.clipboard.readText())
      expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
      await wallet.pair(uri)
      await page.getByRole('dialog').waitFor({ state: 'hidden' })
      await expect.poll(() => accountButtonText(page), { timeout: 15_000 }).toContain(shortAddress(WC_ACCOUNT.address))
      // A returning visitor: the page restores the WalletConnect session, with no new pairing.
      await page.reload()
      await expect.poll(() => accountButtonText(page), { timeout: 15_000 }).toContain(shortAddress(WC_ACCOUNT.address))
      await page.close()
    } finally {
      await wallet.stop()
    }
  })
})

describe('a catalogue wallet picked in All Wallets', () => {
  it('shows its QR code and only its http(s) links, and pairs over WalletConnect', async () => {
    const wallet = await startWalletKitWallet({
      relayUrl: `${stack.url.replace(/^http/, 'ws')}/relay`,
      account: WC_ACCOUNT,
      chainId: 31337,
      storagePrefix: 'connect-views-catalogue',
    })
    try {
      const page = await stack.openDemo('', undefined, CLIPBOARD)
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      await page.getByRole('button', { name: /All Wallets/ }).click()
      await page.getByRole('searchbox', { name: 'Search wallet' }).fill('Ambire')
      // Ambire's catalogue entry: mobile 'ambire://' (no registered scheme), web app https.
      await page.locator('latch-modal [data-wallet-id]', { hasText: 'Ambire Wallet' }).first().click()
      await page.getByRole('dialog', { name: 'Ambire Wallet' }).waitFor()
      await page.getByRole('img', { name: 'QR code for Ambire Wallet' }).waitFor()
      const links = page.getByRole('group', { name: 'Open Ambire Wallet' }).getByRole('link')
      await links.first().waitFor()
      expect(await links.allInnerTexts()).toEqual(['Open web app'])
      await expectNoSeriousAxeViolations(page)
      await page.screenshot({ path: 'test-results/screenshots/ConnectingWalletConnectWallet-dark.png' })
      await page.getByRole('button', { name: 'Copy link' }).click()
      const uri = await page.evaluate(() => navigator.clipboard.readText())
      expect(await links.first().getAttribute('href')).toBe(`https://wallet.ambire.com/wc?uri=${encodeURIComponent(uri)}`)
      await wallet.pair(uri)
      await page.getByRole('dialog').waitFor({ state: 'hidden' })
      await expect.poll(() => accountButtonText(page), { timeout: 15_000 }).toContain(shortAddress(WC_ACCOUNT.address))

      // The next visit lists Ambire as a recent wallet (SPEC §5), not WalletConnect, which pairs
      // for every wallet; the row has Ambire's catalogue image and pairs for Ambire again.
      await accountButton(page).click()
      await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click()
      await page.getByRole('dialog').waitFor({ state: 'hidden' })
      await page.reload()
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      const recent = page.locator('latch-modal li[data-section="recent"]')
      await recent.getByRole('button', { name: 'Ambire Wallet Recent' }).waitFor({ timeout: 15_000 })
      expect(await recent.count()).toBe(1)
      await expect.poll(() => recent.locator('img').getAttribute('src'), { timeout: 15_000 }).toContain('/getWalletImage/')
      await recent.getByRole('button').click()
      await page.getByRole('dialog', { name: 'Ambire Wallet' }).waitFor()
      await links.first().waitFor()
      expect(await links.allInnerTexts()).toEqual(['Open web app'])
      await page.close()
    } finally {
      await wallet.stop()
    }
  })
})

describe('a newcomer by keyboard alone', () => {
  it('tabs to Connect Wallet, presses Enter, tabs to the browser wallet, presses Enter, and ends connected', async () => {
    const wallet = createTestEip1193Wallet({ account: BROWSER_ACCOUNT, chains: { 31337: chainRpc(31337) } })
    const page = await stack.openDemo('', (p) => exposeTestEip1193Wallet(p, wallet, WALLET_INFO))
    const focusedText = () =>
      page.evaluate(() => {
        let active = document.activeElement
        while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
        // Only a button counts: with nothing focused, the body's text holds every label.
        return active?.tagName === 'BUTTON' ? (active.textContent?.trim() ?? '') : ''
      })
    const tabTo = async (text: string) => {
      for (let i = 0; i < 20 && !(await focusedText()).includes(text); i++) await page.keyboard.press('Tab')
      expect(await focusedText()).toContain(text)
    }
    await tabTo('Connect Wallet')
    await page.keyboard.press('Enter')
    await page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor()
    await page.getByRole('list', { name: 'Wallets' }).getByRole('button', { name: /Latch Test Wallet/ }).waitFor()
    await tabTo('Latch Test Wallet')
    await page.keyboard.press('Enter')
    await page.getByRole('dialog').waitFor({ state: 'hidden' })
    await expect.poll(() => accountButtonText(page)).toContain(shortAddress(BROWSER_ACCOUNT.address))
    await page.close()
  })
})
