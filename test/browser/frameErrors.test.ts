import type { Page } from 'playwright-core'
import { describe, it } from 'vitest'
import { openEmailPage, useEmailPageStack } from '../support/emailPageStack.js'

// SPEC §8's frame errors on the real stack, in Chromium: the secure site's frame that cannot load
// what email login needs says so at once ('Unable to load email login dependency') instead of
// leaving the visitor 20 s on a spinner; its page opened outside an app says 'parent is not set'.
const WAIT = { timeout: 30_000 }

const stack = useEmailPageStack()

const dialog = (page: Page) => page.getByRole('dialog')

/** The email page with Connect open; `secureSiteDown` makes the secure site's own API unreachable to its frame. */
async function openConnect({ secureSiteDown = false } = {}): Promise<Page> {
  const context = await stack.browser.newContext()
  if (secureSiteDown) {
    const api = new URL('/api/project', stack.backend.secureSiteUrl).href
    await context.route((url) => url.href.startsWith(api), (route) => route.abort('connectionrefused'))
  }
  return openEmailPage(stack, { context })
}

async function submitEmail(page: Page, email: string): Promise<void> {
  await dialog(page).getByLabel('Email', { exact: true }).fill(email)
  await dialog(page).getByRole('button', { name: 'Continue with email' }).click()
}

describe('the secure site frame errors of SPEC §8', () => {
  it("shows 'Unable to load email login dependency' at once when the frame cannot reach its own server", async () => {
    // Positive control: with the secure site up, the login goes on to the device approval.
    const working = await openConnect()
    await submitEmail(working, `frame-errors-${Date.now()}@latch.test`)
    await dialog(working).getByText('Approve this device').waitFor(WAIT)
    await working.context().close()

    const page = await openConnect({ secureSiteDown: true })
    await submitEmail(page, `frame-errors-down-${Date.now()}@latch.test`)
    // The frame said so itself (not the kit's 20 s deadline, whose words are 'Network Error loading the embedded wallet').
    await dialog(page).getByText('Unable to load email login dependency').waitFor(WAIT)
    await page.context().close()
  })

  it("says 'parent is not set' on the frame's page opened on its own, in the language asked", async () => {
    const page = await stack.browser.newPage()
    const url = new URL(stack.backend.secureSiteUrl)
    url.searchParams.set('projectId', 'latch-dev')
    await page.goto(url.href)
    await page.getByRole('alert').filter({ hasText: 'parent is not set' }).waitFor(WAIT)
    url.searchParams.set('locale', 'de')
    await page.goto(url.href)
    await page.getByRole('alert').filter({ hasText: 'Übergeordnetes Fenster ist nicht gesetzt' }).waitFor(WAIT)
    await page.close()
  })
})
