import type { Page } from 'playwright-core'
import { expect } from 'vitest'

/** Sized for a slow 2-core machine: a quote, a signature and a block each take a moment there. */
const WAIT = { timeout: 20_000 }
const dialog = (page: Page) => page.getByRole('dialog')

/** Called with the token picker open, before a token is searched: e.g. an axe check or a capture. */
export type OnTokenPicker = (page: Page, symbol: string) => Promise<void>

/**
 * Opens Swap from Account, as a visitor does, and picks both tokens through the token picker.
 *
 * @param from - the symbol to pay: the native currency is the default and is not picked again
 * @param to - the symbol to receive
 */
export async function openSwap(page: Page, from: string, to: string, onPicker?: OnTokenPicker): Promise<void> {
  await dialog(page).getByRole('button', { name: 'Swap', exact: true }).click()
  // The view the modal shows, by name: a failure says which view it shows instead.
  await expect.poll(() => page.locator('latch-modal dialog').getAttribute('data-view'), WAIT).toBe('Swap')
  await page.getByRole('dialog', { name: 'Swap' }).waitFor(WAIT)
  // The native currency is the default token to pay.
  await dialog(page).getByRole('button', { name: 'ETH: change the token to pay' }).waitFor(WAIT)
  if (from !== 'ETH') await pickSwapToken(page, /change the token to pay/, from, onPicker)
  await pickSwapToken(page, /the token to receive/, to, onPicker)
}

/** Opens the token picker by its trigger, searches the symbol and picks it; back on Swap. */
export async function pickSwapToken(page: Page, trigger: RegExp, symbol: string, onPicker?: OnTokenPicker): Promise<void> {
  await dialog(page).getByRole('button', { name: trigger }).click()
  await page.getByRole('dialog', { name: 'Select token' }).waitFor(WAIT)
  await dialog(page).getByRole('list', { name: 'Suggested tokens' }).waitFor(WAIT)
  await onPicker?.(page, symbol)
  await dialog(page).getByLabel('Search token').fill(symbol.toLowerCase())
  await dialog(page).getByRole('list', { name: 'Tokens' }).getByRole('button', { name: new RegExp(`^${symbol} `) }).click()
  await page.getByRole('dialog', { name: 'Swap' }).waitFor(WAIT)
}

/** The quote on screen once it settled. */
export async function settledQuote(page: Page): Promise<string> {
  const output = dialog(page).getByTestId('swap-to-amount')
  await expect.poll(() => output.innerText(), WAIT).toMatch(/^\d+(\.\d+)?$/)
  await expect.poll(() => output.innerText(), WAIT).not.toBe('0')
  return output.innerText()
}
