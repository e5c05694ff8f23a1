import type { Page } from 'playwright-core'

// A social login as a visitor does it on a page with the modal's Connect view open: a provider's
// button opens the local OpenID provider's popup, where the visitor types a user name, continues
// and allows; the popup closes and the page holds the embedded wallet.

/** Logs in with Google as `username` from the open Connect view; the modal closes once connected. */
export async function logInBySocialOnDemo(page: Page, username: string, timeout = 30_000): Promise<void> {
  const [popup] = await Promise.all([
    page.waitForEvent('popup', { timeout }),
    page.getByRole('dialog').getByRole('button', { name: 'Continue with Google' }).click({ timeout }),
  ])
  await popup.getByLabel('User name').fill(username, { timeout })
  await popup.getByRole('button', { name: 'Continue' }).click({ timeout })
  await popup.getByRole('button', { name: 'Allow' }).click({ timeout })
}
