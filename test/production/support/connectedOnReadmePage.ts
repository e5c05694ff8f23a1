import type { Browser } from 'playwright-core'
import type { Address } from 'viem'
import { expect } from 'vitest'
import { exposeTestEip1193Wallet } from '../../support/wallets/exposeTestEip1193Wallet.js'
import type { TestEip1193Wallet } from '../../support/wallets/createTestEip1193Wallet.js'

const UI = { timeout: 30_000 }
const WALLET_INFO = { uuid: '0b7a3c2d-1e4f-4a5b-9c6d-7e8f9a0b1c2d', name: 'Latch Test Wallet', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.latch.testwallet' }

/**
 * The README's page at `url` with `wallet` (an EIP-6963 wallet holding `address`) connected
 * through the modal as a visitor does, Account open.
 */
export async function connectedOnReadmePage(browser: Browser, url: string, wallet: TestEip1193Wallet, address: Address) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await exposeTestEip1193Wallet(page, wallet, WALLET_INFO)
  await page.goto(`${url}/`)
  const button = page.locator('[data-latch-button="connect"]')
  await expect.poll(() => button.innerText(), UI).toBe('Connect Wallet')
  await button.click()
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /Latch Test Wallet/ }).click(UI)
  await expect.poll(() => button.getAttribute('data-latch-connected'), UI).toBe('')
  await expect.poll(() => button.innerText(), UI).toContain(address.slice(2, 6))
  await button.click(UI)
  const dialog = page.getByRole('dialog', { name: 'Account' })
  await dialog.waitFor(UI)
  return { context, page, dialog }
}
