import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogueEmail, MODAL_VIEWS, openDemoFor } from '../support/modalViews.js'
import { overflowingElements, unreachableControls } from '../support/pointerReach.js'
import { startDemo, type DemoStack } from '../support/startDemo.js'

// Issue 27: nothing out of reach. Every catalogued view, at two desktop sizes (the mouse wheel) and
// two phone sizes (the bottom sheet, touch swipes): each focusable element of the dialog is
// scrolled to with the pointer alone and is the element at its centre, and nothing in the
// dialog is wider than the dialog.
const DESKTOP = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1200 },
]
const PHONE = [
  { width: 390, height: 844 },
  { width: 320, height: 568 },
]

let stack: DemoStack
beforeAll(async () => (stack = await startDemo({ chains: true })), 300_000)
afterAll(() => stack?.close())

async function checkAtEachSize(page: Page, sizes: typeof DESKTOP, touch: boolean) {
  for (const size of sizes) {
    await page.setViewportSize(size)
    const where = `at ${size.width}×${size.height} by ${touch ? 'touch' : 'wheel'}`
    expect(await unreachableControls(page, { touch }), `unreachable ${where}`).toEqual([])
    expect(await overflowingElements(page), `overflowing ${where}`).toEqual([])
  }
}

describe.each(MODAL_VIEWS.map((view) => [view.name, view] as const))('the %s view', (_name, view) => {
  it('has every control reachable and hit-testable by wheel on a desktop and by touch on a phone, and nothing wider than the dialog', { timeout: 240_000 }, async () => {
    const desktop = await openDemoFor(stack, view.account, { email: catalogueEmail(`reach.${view.name}.desktop`) })
    await view.open(desktop, stack, `reach.${view.name}.desktop.view`)
    await checkAtEachSize(desktop, DESKTOP, false)
    await desktop.close()

    const phone = await openDemoFor(stack, view.account, { viewport: PHONE[0], hasTouch: true, email: catalogueEmail(`reach.${view.name}.phone`) })
    await view.open(phone, stack, `reach.${view.name}.phone.view`)
    await checkAtEachSize(phone, PHONE, true)
    await phone.close()
  })
})
