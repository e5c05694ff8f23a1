import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openKitPage } from '../support/openKitPage.js'
import { startTestPageStack, type TestPageStack } from '../support/startTestPageStack.js'
import { createTestEip1193Wallet } from '../support/wallets/createTestEip1193Wallet.js'
import { exposeTestEip1193Wallet } from '../support/wallets/exposeTestEip1193Wallet.js'
import type { I18nHostPageConfig } from './fixtures/i18nHostPage.js'

// Issue 30, the host's side of languages, through createKit with the real plugins in Chromium:
// the host's own copy (`messages`) shows in the modal, for every locale or for one; a
// third-party plugin's own catalogue follows the kit's locale; and the host's code switching
// `kit.setLocale('ar')` live mirrors the open modal and writes numbers in the locale's digits.
const WAIT = { timeout: 30_000 }
const account = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 8 })
const WALLET_INFO = { uuid: '6c0e8a52-7d0f-4b8e-9a1c-3e2f4d5a6b7c', name: 'Latch Test Wallet', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.latch.testwallet' }

let stack: TestPageStack
beforeAll(async () => {
  stack = await startTestPageStack(fileURLToPath(new URL('./fixtures/i18nHostPage.ts', import.meta.url)))
}, 120_000)
afterAll(() => stack?.close())

const open = (config: Partial<I18nHostPageConfig>, openConnect = false, prepare?: (page: Page) => Promise<void>) =>
  openKitPage({ browser: stack.browser, url: stack.site.url, configName: '__latchI18nHost', config: { rpcUrl: stack.chain.rpcUrl, ...config }, openConnect, prepare })
const dialog = (page: Page) => page.locator('latch-modal dialog')
const setLocale = (page: Page, locale: string) => page.evaluate((value) => (window as any).__latch.setLocale(value), locale)
const openView = (page: Page, view?: 'Stickers') => page.evaluate((name) => (window as any).__latch.open(name), view)

describe("given the host's own copy in createKit({ messages })", () => {
  it('shows it in the modal, its copy for a locale winning in that locale, the catalogue elsewhere', { timeout: 120_000 }, async () => {
    const page = await open({ locale: 'en', messages: { 'connect.title': 'Sign in to Acme', ja: { 'connect.title': 'Acme にサインイン' } } })
    await openView(page)
    await page.getByRole('dialog', { name: 'Sign in to Acme' }).waitFor(WAIT)
    // Positive control: what the host did not override is the catalogue's.
    await dialog(page).getByText('No wallet found in this browser.').waitFor(WAIT)

    await setLocale(page, 'ja')
    await page.getByRole('dialog', { name: 'Acme にサインイン' }).waitFor(WAIT)
    await dialog(page).getByText('このブラウザにウォレットが見つかりません。').waitFor(WAIT)

    // Arabic has no copy of its own from the host: the host's copy for every locale shows.
    await setLocale(page, 'ar')
    await page.getByRole('dialog', { name: 'Sign in to Acme' }).waitFor(WAIT)
    await dialog(page).getByText('لا توجد محفظة في هذا المتصفح.').waitFor(WAIT)
    await page.close()
  })
})

describe('given a third-party plugin with its own catalogue', () => {
  it('shows its view in the locale the host chose, and in the next one the host switches to', { timeout: 120_000 }, async () => {
    const page = await open({ locale: 'ja' })
    await openView(page, 'Stickers')
    await page.getByRole('dialog', { name: 'ステッカー' }).waitFor(WAIT)
    await expect.poll(() => dialog(page).getByTestId('stickers-count').innerText(), WAIT).toBe('ステッカーは1,234枚あります')
    // The shell's own words are Japanese too (the close button).
    await dialog(page).getByRole('button', { name: '閉じる' }).waitFor(WAIT)

    await setLocale(page, 'ar-EG')
    await page.getByRole('dialog', { name: 'الملصقات' }).waitFor(WAIT)
    // 1234 is Arabic's "many" plural, its number in Egyptian Arabic's digits.
    await expect.poll(() => dialog(page).getByTestId('stickers-count').innerText(), WAIT).toBe('لديك ١٬٢٣٤ ملصقًا')

    // A locale the plugin does not ship reads its English.
    await setLocale(page, 'de')
    await expect.poll(() => dialog(page).getByTestId('stickers-count').innerText(), WAIT).toBe('You have 1.234 stickers')
    await page.close()
  })
})

describe('given a connected visitor on Account in English', () => {
  it("mirrors the open modal when the host's code calls kit.setLocale('ar'), and writes the balance in Arabic-Indic digits in ar-EG", { timeout: 180_000 }, async () => {
    const wallet = createTestEip1193Wallet({ account, chains: { 31337: stack.chain.rpcUrl } })
    const page = await open({ locale: 'en' }, true, (page) => exposeTestEip1193Wallet(page, wallet, WALLET_INFO))
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /Latch Test Wallet/ }).click(WAIT)
    await page.waitForFunction(() => Boolean((window as any).__latch.state().address), undefined, WAIT)
    await openView(page)
    await page.getByRole('dialog', { name: 'Account' }).waitFor(WAIT)
    const balance = () => dialog(page).getByTestId('account-balance').innerText()
    // Positive control: English, left to right, Western digits.
    await expect.poll(balance, WAIT).toMatch(/^[0-9.,]+ ETH$/)
    expect(await dialog(page).getAttribute('dir')).toBe('ltr')

    await setLocale(page, 'ar')
    await page.getByRole('dialog', { name: 'الحساب' }).waitFor(WAIT)
    expect(await dialog(page).getAttribute('dir')).toBe('rtl')
    expect(await dialog(page).getAttribute('lang')).toBe('ar')
    // The header mirrors: close sits at the left edge of the dialog.
    const box = (await dialog(page).boundingBox())!
    const close = (await dialog(page).getByRole('button', { name: 'إغلاق' }).boundingBox())!
    expect(close.x - box.x).toBeLessThan(box.x + box.width - (close.x + close.width))

    await setLocale(page, 'ar-EG')
    await expect.poll(balance, WAIT).toMatch(/^[٠-٩٫٬]+ ETH$/)
    expect(await dialog(page).getAttribute('dir')).toBe('rtl')
    await page.screenshot({ path: 'test-results/screenshots/i18n-host-account-ar-EG.png' })
    await page.close()
  })
})
