import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compareWithBaseline } from './compareWithBaseline.js'
import { catalogueEmail, MODAL_VIEWS, openDemoFor } from './modalViews.js'
import { startDemo, type DemoStack } from './startDemo.js'
import { dialogSettled } from './dialogSettled.js'

// Issue 27's visual regression, shared by its files: the theme captures
// (test/browser/visualRegression.test.ts) and one file per locale (visualRegression.ar/.ja), so
// the two browser workers split the captures instead of one worker holding them all (CI's time:
// the single file ran for 881 s). Captures are made still: reduced motion, animations off, no caret, images and fonts
// loaded; only content random in every run (a pairing QR code, a new embedded wallet's address) is
// masked, and content whose width changes from run to run (a date) is pinned to a fixed sample.

/** The phone's bottom sheet and the desktop dialog. */
export const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 720 },
] as const

/** The demo stack with local chains, started for the calling file and closed after it. */
export function useDemoStack(): () => DemoStack {
  let stack: DemoStack
  beforeAll(async () => (stack = await startDemo({ chains: true })), 300_000)
  afterAll(() => stack?.close())
  return () => stack
}

/**
 * Waits until the view's chunk, the modal's images and the page's fonts are loaded, no list shows
 * its skeleton, and the dialog's height has settled: the modal follows its content's height a
 * frame late (a ResizeObserver), so a list that has just replaced its skeleton can still be
 * growing. Its box is read each frame until it is the same for a few frames in a row.
 */
export async function settled(page: Page) {
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

/** Views captured in the light theme too in other locales: the first screen, the connected ones, a form each. */
const LIGHT_LOCALE_VIEWS = ['Connect', 'Account', 'Networks', 'Send', 'Buy']

/** Every message of a locale's catalogues (the shell's and each plugin's): which titles are messages, and which a locale leaves as in English. */
function messagesOf(locale: string): Set<string> {
  const dirs = ['ui-shell/locales', ...readdirSync('plugins').map((plugin) => join('plugins', plugin, 'locales'))]
  const files = dirs.map((dir) => join(dir, `${locale}.json`)).filter((file) => existsSync(file))
  return new Set(files.flatMap((file) => Object.values(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)))
}

/**
 * Issue 30: every catalogued view in `locale` on the phone, dark; the representative views in the
 * light theme as well. Each view is opened in English (the views are found by their English
 * names), then the language is switched live.
 */
export function describeLocaleCaptures(locale: string) {
  const stackOf = useDemoStack()
  const english = messagesOf('en')
  const translated = messagesOf(locale)
  // Once the Close button carries the locale's name, the shell's catalogue is in force.
  const close = (JSON.parse(readFileSync(`ui-shell/locales/${locale}.json`, 'utf8')) as Record<string, string>)['modal.close']!
  const cases = MODAL_VIEWS.flatMap((view) =>
    (['dark', 'light'] as const).filter((theme) => theme === 'dark' || LIGHT_LOCALE_VIEWS.includes(view.name)).map((theme) => [view.name, theme, view] as const),
  )
  describe(`in the ${locale} locale`, () => {
    it.each(cases)('the %s view looks as its baseline in the %s theme on a phone', { timeout: 240_000 }, async (_name, theme, view) => {
      const stack = stackOf()
      const tag = `visual.${locale}.${view.name}.${theme}`
      const page = await openDemoFor(stack, view.account, { theme, viewport: SIZES[0], email: catalogueEmail(tag) })
      await view.open(page, stack, `${tag}.view`)
      const title = await page.locator('latch-modal dialog .header .title').innerText()
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
      const mismatch = compareWithBaseline(`${view.name}-${theme}-${SIZES[0].width}x${SIZES[0].height}-${locale}`, shot)
      await page.close()
      expect(mismatch).toBeUndefined()
    })
  })
}
