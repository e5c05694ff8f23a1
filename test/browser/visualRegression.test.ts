import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compareWithBaseline } from '../support/compareWithBaseline.js'
import { catalogueEmail, MODAL_VIEWS, openDemoFor } from '../support/modalViews.js'
import { startDemo, type DemoStack } from '../support/startDemo.js'
import { dialogSettled } from '../support/dialogSettled.js'
import arShell from '../../ui-shell/locales/ar.json'
import jaShell from '../../ui-shell/locales/ja.json'

// Issue 27: visual regression. Each catalogued view, in both themes, at the phone's bottom sheet
// (390×844) and the desktop dialog (1280×720), captured and compared with its committed baseline
// in test/browser/baselines/ (`npm run test:baselines` rewrites them on purpose). Captures are
// made still: reduced motion, animations off, no caret, images and fonts loaded; only content
// random in every run (a pairing QR code, a new embedded wallet's address) is masked, and content
// whose width changes from run to run (a date) is pinned to a fixed sample.
// Issue 30: every view also in Arabic (right to left) and Japanese, on the phone (below).
const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 720 },
]

let stack: DemoStack
beforeAll(async () => (stack = await startDemo({ chains: true })), 300_000)
afterAll(() => stack?.close())

/**
 * Waits until the view's chunk, the modal's images and the page's fonts are loaded, no list shows
 * its skeleton, and the dialog's height has settled: the modal follows its content's height a
 * frame late (a ResizeObserver), so a list that has just replaced its skeleton can still be
 * growing. Its box is read each frame until it is the same for a few frames in a row.
 */
async function settled(page: Page) {
  await page.waitForFunction(
    () => {
      const root = document.querySelector('latch-modal')!.shadowRoot!
      const loaded = [...root.querySelectorAll('img')].every((image) => image.complete)
      return document.fonts.status === 'loaded' && loaded && !root.querySelector('.view-loading, [data-skeleton]')
    },
    undefined,
    { timeout: 30_000 },
  )
  await dialogSettled(page)
}

describe.each(MODAL_VIEWS.map((view) => [view.name, view] as const))('the %s view', (_name, view) => {
  it.each(['dark', 'light'] as const)('looks as its baselines in the %s theme, on a phone and on a desktop', { timeout: 240_000 }, async (theme) => {
    const tag = `visual.${view.name}.${theme}`
    const page = await openDemoFor(stack, view.account, { theme, viewport: SIZES[0], email: catalogueEmail(tag) })
    await view.open(page, stack, `${tag}.view`)
    const mismatches: string[] = []
    for (const size of SIZES) {
      await page.setViewportSize(size)
      await settled(page)
      await view.pin?.(page)
      const shot = await page.locator('latch-modal dialog').screenshot({ animations: 'disabled', caret: 'hide', mask: view.random?.(page) ?? [] })
      const mismatch = compareWithBaseline(`${view.name}-${theme}-${size.width}x${size.height}`, shot)
      if (mismatch) mismatches.push(mismatch)
    }
    await page.close()
    expect(mismatches).toEqual([])
  })
})

/** Views captured in the light theme too in Arabic and Japanese: the first screen, the connected ones, a form each. */
const LIGHT_LOCALE_VIEWS = ['Connect', 'Account', 'Networks', 'Send', 'Buy']
/** Each locale with its Close button's name: once it shows, the shell's catalogue is in force. */
const LOCALES = [
  ['ar', arShell['modal.close']],
  ['ja', jaShell['modal.close']],
] as const

/** Every message of a locale's catalogues (the shell's and each plugin's): which titles are messages, and which a locale leaves as in English. */
function messagesOf(locale: string): Set<string> {
  const dirs = ['ui-shell/locales', ...readdirSync('plugins').map((plugin) => join('plugins', plugin, 'locales'))]
  const files = dirs.map((dir) => join(dir, `${locale}.json`)).filter((file) => existsSync(file))
  return new Set(files.flatMap((file) => Object.values(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)))
}

// Issue 30: every catalogued view in Arabic (right to left) and Japanese on the phone, dark; the
// representative views in the light theme as well.
const LOCALE_CASES = MODAL_VIEWS.flatMap((view) => (['dark', 'light'] as const).filter((theme) => theme === 'dark' || LIGHT_LOCALE_VIEWS.includes(view.name)).map((theme) => [view.name, theme, view] as const))

const english = messagesOf('en')

describe.each(LOCALES)('in the %s locale', (locale, close) => {
  const translated = messagesOf(locale)
  it.each(LOCALE_CASES)('the %s view looks as its baseline in the %s theme on a phone', { timeout: 240_000 }, async (_name, theme, view) => {
    const tag = `visual.${locale}.${view.name}.${theme}`
    const page = await openDemoFor(stack, view.account, { theme, viewport: SIZES[0], email: catalogueEmail(tag) })
    await view.open(page, stack, `${tag}.view`)
    const title = await page.locator('latch-modal dialog .header .title').innerText()
    // Opened in English (the views are found by their English names), then switched live.
    await page.getByLabel('Language').selectOption(locale)
    const dialog = page.locator('latch-modal dialog')
    await expect.poll(() => dialog.getAttribute('lang'), { timeout: 30_000 }).toBe(locale)
    await dialog.getByRole('button', { name: close }).waitFor({ timeout: 30_000 })
    // The view's own catalogue is in force once its title changed, unless the title is no message
    // (a wallet's name) or the locale writes it as English does (a brand name such as WalletConnect).
    if (english.has(title) && !translated.has(title)) await expect.poll(() => dialog.locator('.header .title').innerText(), { timeout: 30_000 }).not.toBe(title)
    await settled(page)
    await view.pin?.(page)
    const shot = await dialog.screenshot({ animations: 'disabled', caret: 'hide', mask: view.random?.(page) ?? [] })
    const mismatch = compareWithBaseline(`${view.name}-${theme}-${SIZES[0]!.width}x${SIZES[0]!.height}-${locale}`, shot)
    await page.close()
    expect(mismatch).toBeUndefined()
  })
})
