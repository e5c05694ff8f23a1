import type { BrowserContext, Page } from 'playwright-core'
import { expect } from 'vitest'
import { devFetch, type DevBackend } from './devRoute.js'
import { pageText } from '../../server/secureSite/pageText.js'

// A first email login through the embedded wallet, as a visitor does it: the email on Connect,
// the emailed link that approves this new device (its page, then its Approve button), then the
// code the reference backend (dev mode) mailed to its dev mailbox (`GET /dev/mailbox?email=`,
// admin token).

/** The embedded wallet's frame (the secure site), where the visitor approves each request. */
export const walletFrame = (page: Page) => page.frameLocator('#w3m-iframe')

/** The secure site's one-time-code field in the modal (issue 26): the code is typed here, never in the page. */
export const codeField = (page: Page) => page.frameLocator('iframe.latch-code-field')

/** A fresh address for each call, so every login is a first one (a new device: approved by the emailed link). */
let visitors = 0
export const newVisitorEmail = () => `visitor-${Date.now()}-${process.pid}-${++visitors}@latch.test`

interface Mail {
  code?: string
  link?: string
}

/** Waits for the n-th mail (1-based) to `email` that carries `field`, and returns that field. */
async function nthMailed(backend: DevBackend, email: string, field: keyof Mail, nth: number, timeout: number): Promise<string> {
  let value: string | undefined
  await expect
    .poll(
      async () => {
        const response = await devFetch(backend, `/dev/mailbox?email=${encodeURIComponent(email)}`)
        const { messages } = (await response.json()) as { messages: Mail[] }
        return (value = messages.filter((mail) => mail[field] !== undefined)[nth - 1]?.[field])
      },
      { timeout },
    )
    .toBeDefined()
  return value!
}

/** Waits for the n-th code (1-based) mailed to `email` and returns it. */
export const mailedCode = (backend: DevBackend, email: string, nth = 1, timeout = 30_000): Promise<string> => nthMailed(backend, email, 'code', nth, timeout)

/** Waits for the n-th device-approval link (1-based) mailed to `email` and returns it. */
export const mailedLink = (backend: DevBackend, email: string, nth = 1, timeout = 30_000): Promise<string> => nthMailed(backend, email, 'link', nth, timeout)

/**
 * Approves a device as its owner does: opens the emailed link in a tab (the page only shows what
 * asks), presses Approve, and waits for the confirmation, in whichever locale the link named.
 */
export async function approveDeviceByLink(context: BrowserContext, link: string, timeout = 30_000): Promise<void> {
  const tab = await context.newPage()
  try {
    await tab.goto(link)
    const words = await pageText(await tab.evaluate(() => document.documentElement.lang))
    await tab.getByRole('button', { name: words.t('device.approve'), exact: true }).click({ timeout })
    await tab.getByRole('heading', { name: words.t('device.approvedTitle') }).waitFor({ timeout })
  } finally {
    await tab.close()
  }
}

/**
 * Continues an email login that waits on the device approval (the modal's "Approve this device"
 * step): approves it by the n-th emailed link, then waits for the code field.
 */
export async function approveThisDevice(page: Page, backend: DevBackend, email: string, nth = 1, timeout = 30_000): Promise<void> {
  const dialog = page.getByRole('dialog')
  await dialog.getByText('Approve this device').waitFor({ timeout })
  await approveDeviceByLink(page.context(), await mailedLink(backend, email, nth, timeout), timeout)
  await codeField(page).getByLabel('Code', { exact: true }).waitFor({ timeout })
}

/**
 * Logs in with a new email from the open Connect view, and waits until the modal closes with the
 * embedded address connected.
 *
 * @returns the connected address
 */
export async function logInByEmail(page: Page, backend: DevBackend, email: string, timeout = 30_000): Promise<string> {
  await logInByEmailOnDemo(page, backend, email, timeout)
  await expect.poll(() => page.evaluate(() => (window as any).__latch.state().address), { timeout }).toMatch(/^0x[0-9a-fA-F]{40}$/)
  return (await page.evaluate(() => (window as any).__latch.state().address)) as string
}

/**
 * Logs in with a new email from the open Connect view as a visitor does, on any host page (no
 * `window.__latch` needed), and waits until the modal closes.
 */
export async function logInByEmailOnDemo(page: Page, backend: DevBackend, email: string, timeout = 30_000): Promise<void> {
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Email', { exact: true }).fill(email)
  await dialog.getByRole('button', { name: 'Continue with email' }).click()
  await approveThisDevice(page, backend, email, 1, timeout)
  await codeField(page).getByLabel('Code', { exact: true }).fill(await mailedCode(backend, email, 1, timeout))
  await dialog.waitFor({ state: 'hidden', timeout })
}
