import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { devFetch, type DevBackend } from './devRoute.js'

// A first email login through the embedded wallet, as a visitor does it: the email on Connect,
// then the code the reference backend (dev mode) mailed to its dev mailbox (`GET /dev/mailbox?email=`, admin token).

/** The embedded wallet's frame (the secure site), where the visitor approves each request. */
export const walletFrame = (page: Page) => page.frameLocator('#w3m-iframe')

/** The secure site's one-time-code field in the modal (issue 26): the code is typed here, never in the page. */
export const codeField = (page: Page) => page.frameLocator('iframe.latch-code-field')

/** A fresh address for each call, so every login is a first one (no device approval). */
let visitors = 0
export const newVisitorEmail = () => `visitor-${Date.now()}-${process.pid}-${++visitors}@latch.test`

interface Mail {
  code?: string
}

/** Waits for the n-th code (1-based) mailed to `email` and returns it. */
export async function mailedCode(backend: DevBackend, email: string, nth = 1, timeout = 30_000): Promise<string> {
  let code: string | undefined
  await expect
    .poll(
      async () => {
        const response = await devFetch(backend, `/dev/mailbox?email=${encodeURIComponent(email)}`)
        const { messages } = (await response.json()) as { messages: Mail[] }
        code = messages.filter((mail) => mail.code !== undefined)[nth - 1]?.code
        return code
      },
      { timeout },
    )
    .toBeDefined()
  return code!
}

/**
 * Logs in with a new email from the open Connect view, and waits until the modal closes with the
 * embedded address connected.
 *
 * @returns the connected address
 */
export async function logInByEmail(page: Page, backend: DevBackend, email: string, timeout = 30_000): Promise<string> {
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Email', { exact: true }).fill(email)
  await dialog.getByRole('button', { name: 'Continue with email' }).click()
  await codeField(page).getByLabel('Code', { exact: true }).fill(await mailedCode(backend, email, 1, timeout))
  await dialog.waitFor({ state: 'hidden', timeout })
  await expect.poll(() => page.evaluate(() => (window as any).__latch.state().address), { timeout }).toMatch(/^0x[0-9a-fA-F]{40}$/)
  return (await page.evaluate(() => (window as any).__latch.state().address)) as string
}
