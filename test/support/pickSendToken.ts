import type { Page } from 'playwright-core'

const WAIT = { timeout: 30_000 }

/**
 * Picks a token on Send the way a visitor does: the Token button, then the token's row in
 * Select Token (which lists it once the balances are read), back on Send.
 *
 * @param symbol - the token's symbol, as its row shows it ('USDC', 'ETH')
 */
export async function pickSendToken(page: Page, symbol: string): Promise<void> {
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: /^Token / }).click(WAIT)
  await page.getByRole('dialog', { name: 'Select Token' }).waitFor(WAIT)
  await dialog.getByRole('list', { name: 'Your tokens' }).getByRole('button', { name: new RegExp(`^${symbol} `) }).click(WAIT)
  await page.getByRole('dialog', { name: 'Send' }).waitFor(WAIT)
  await dialog.getByRole('button', { name: new RegExp(`^Token ${symbol}`) }).waitFor(WAIT)
}
