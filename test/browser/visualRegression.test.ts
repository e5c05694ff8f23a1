import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compareWithBaseline } from '../support/compareWithBaseline.js'
import { catalogueEmail, MODAL_VIEWS, openDemoFor } from '../support/modalViews.js'
import { startDemo, type DemoStack } from '../support/startDemo.js'
import { dialogSettled } from '../support/dialogSettled.js'

// Issue 27: visual regression. Each catalogued view, in both themes, at the phone's bottom sheet
// (390×844) and the desktop dialog (1280×720), captured and compared with its committed baseline
// in test/browser/baselines/ (`npm run test:baselines` rewrites them on purpose). Captures are
// made still: reduced motion, animations off, no caret, images and fonts loaded; only content
// random in every run (a pairing QR code, a new embedded wallet's address) is masked.
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
      const shot = await page.locator('latch-modal dialog').screenshot({ animations: 'disabled', caret: 'hide', mask: view.random?.(page) ?? [] })
      const mismatch = compareWithBaseline(`${view.name}-${theme}-${size.width}x${size.height}`, shot)
      if (mismatch) mismatches.push(mismatch)
    }
    await page.close()
    expect(mismatches).toEqual([])
  })
})
