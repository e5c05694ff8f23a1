import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogueEmail, MODAL_VIEWS, openDemoFor } from '../support/modalViews.js'
import { startDemo, type DemoStack } from '../support/startDemo.js'
import { unbracketedText } from '../support/unbracketedText.js'
import { overflowingElements } from '../support/pointerReach.js'

// Issue 30: every word from a catalogue. Each catalogued view is opened in English (the catalogue
// finds its way by English names), then the page switches live to the pseudo-locale en-XA, where
// every message reads '[Àççéñţéð ~~~]' and is about 40% longer: any text node, aria-label,
// title, placeholder or alt of the dialog left unbracketed was written into a view, not taken
// from a catalogue (data excepted: see unbracketedText). The longer text must not make anything
// wider than the dialog.
const WAIT = { timeout: 30_000 }

let stack: DemoStack
beforeAll(async () => (stack = await startDemo({ chains: true })), 300_000)
afterAll(() => stack?.close())

/** Waits until the pseudo-locale is in force: the dialog's title is a pseudo message. */
async function switchToPseudo(page: Page) {
  await page.getByLabel('Language').selectOption('en-XA')
  const title = page.locator('latch-modal dialog .header .title')
  await expect.poll(() => title.innerText(), WAIT).toMatch(/^\[.*\]$|^[^[]*$/)
  await expect.poll(() => page.locator('latch-modal dialog').getAttribute('lang'), WAIT).toBe('en-XA')
}

describe.each(MODAL_VIEWS.map((view) => [view.name, view] as const))('the %s view in the pseudo-locale', (_name, view) => {
  it('shows no text that is not from a catalogue, and nothing wider than the dialog', { timeout: 240_000 }, async () => {
    const page = await openDemoFor(stack, view.account, { email: catalogueEmail(`pseudo.${view.name}`) })
    await view.open(page, stack, `pseudo.${view.name}.view`)
    await switchToPseudo(page)
    // Positive control: the catalogue's text is there, bracketed.
    await expect.poll(() => page.locator('latch-modal dialog').innerText(), WAIT).toMatch(/\[[^\]]+\]/)
    await expect.poll(() => unbracketedText(page), { timeout: 10_000 }).toEqual([])
    await page.setViewportSize({ width: 390, height: 844 })
    expect(await overflowingElements(page)).toEqual([])
    await page.screenshot({ path: `test-results/screenshots/pseudo-${view.name}.png` })
    await page.close()
  })
})
