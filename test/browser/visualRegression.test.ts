import { describe, expect, it } from 'vitest'
import { compareWithBaseline } from '../support/compareWithBaseline.js'
import { catalogueEmail, MODAL_VIEWS, openDemoFor } from '../support/modalViews.js'
import { settled, SIZES, useDemoStack } from '../support/visualCapture.js'

// Issue 27: visual regression. Each catalogued view, in both themes, at the phone's bottom sheet
// (390×844) and the desktop dialog (1280×720), captured and compared with its committed baseline
// in test/browser/baselines/ (`npm run test:baselines` rewrites them on purpose). Issue 30's
// captures in Arabic and Japanese are visualRegression.ar.test.ts and visualRegression.ja.test.ts.
const stackOf = useDemoStack()

describe.each(MODAL_VIEWS.map((view) => [view.name, view] as const))('the %s view', (_name, view) => {
  it.each(['dark', 'light'] as const)('looks as its baselines in the %s theme, on a phone and on a desktop', { timeout: 240_000 }, async (theme) => {
    const stack = stackOf()
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
