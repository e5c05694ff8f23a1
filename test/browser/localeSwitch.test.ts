import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDemoFor } from '../support/modalViews.js'
import { startDemo, type DemoStack } from '../support/startDemo.js'

// Issue 30: the language changes live. On the demo (createKit with every plugin, on the real
// backend and local chains), a connected visitor on Receive switches the page's language from
// English to Arabic: the modal mirrors (dir="rtl" on the dialog, the back arrow flipped to point
// right), its text comes from the Arabic catalogues, and the balance on Account is written in
// Arabic-Indic digits where the locale writes numbers so (Egyptian Arabic; CLDR's plain 'ar' uses
// Western digits).
const WAIT = { timeout: 30_000 }

let stack: DemoStack
beforeAll(async () => (stack = await startDemo({ chains: true })), 300_000)
afterAll(() => stack?.close())

const dialog = (page: Page) => page.locator('latch-modal dialog')
/** The back button's computed transform: 'none' as drawn, a matrix with -1 first when mirrored. */
const backTransform = (page: Page) => dialog(page).locator('.header .back').evaluate((element) => getComputedStyle(element).transform)
const balance = (page: Page) => dialog(page).getByTestId('account-balance').innerText()

describe('given a connected visitor on Receive in English', () => {
  it('switches live to Arabic: the dialog is right-to-left, the back arrow points right, and the balance uses Arabic-Indic digits', { timeout: 180_000 }, async () => {
    const page = await openDemoFor(stack, 'injected')
    // Positive control: English, left-to-right, Western digits.
    await expect.poll(() => balance(page), WAIT).toMatch(/^[0-9.,]+ ETH$/)
    await dialog(page).getByRole('button', { name: 'Receive', exact: true }).click(WAIT)
    await page.getByRole('dialog', { name: 'Receive' }).waitFor(WAIT)
    expect(await dialog(page).getAttribute('dir')).toBe('ltr')
    expect(await backTransform(page)).toBe('none')

    await page.getByLabel('Language').selectOption('ar')

    await expect.poll(() => dialog(page).getAttribute('dir'), WAIT).toBe('rtl')
    expect(await dialog(page).getAttribute('lang')).toBe('ar')
    await page.getByRole('dialog', { name: 'استلام' }).waitFor(WAIT)
    await dialog(page).getByRole('button', { name: 'نسخ العنوان' }).waitFor(WAIT)
    // Mirrored: scaleX(-1), so the '‹' drawn left-to-right points right.
    expect(await backTransform(page)).toBe('matrix(-1, 0, 0, 1, 0, 0)')
    const back = await dialog(page).locator('.header .back').boundingBox()
    const close = await dialog(page).getByRole('button', { name: 'إغلاق' }).boundingBox()
    // The header mirrors too: back at the right edge, close at the left.
    expect(back!.x).toBeGreaterThan(close!.x)
    await page.screenshot({ path: 'test-results/screenshots/locale-switch-receive-ar.png' })

    await dialog(page).getByRole('button', { name: 'رجوع' }).click(WAIT)
    await page.getByRole('dialog', { name: 'الحساب' }).waitFor(WAIT)
    // CLDR's 'ar' writes Western digits; Egyptian Arabic (same catalogue) writes Arabic-Indic ones.
    expect(await balance(page)).toMatch(/^[0-9.,]+ ETH$/)
    await page.getByLabel('Language').selectOption('ar-EG')
    await expect.poll(() => balance(page), WAIT).toMatch(/^[٠-٩٫٬]+ ETH$/)
    expect(await dialog(page).getAttribute('dir')).toBe('rtl')
    await page.screenshot({ path: 'test-results/screenshots/locale-switch-account-ar.png' })
    await page.close()
  })
})
