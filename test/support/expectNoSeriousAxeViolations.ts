import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'

/**
 * Runs axe on the modal (or on `include`, a selector) and expects no serious or critical violation (STYLE §7).
 * It first lets the modal's finite animations end (a view fading in is still pale, which axe
 * would read as low contrast), with the page in front: a page behind a popup may not animate.
 */
export async function expectNoSeriousAxeViolations(page: Page, include = 'latch-modal'): Promise<void> {
  await page.bringToFront()
  await page.waitForFunction(
    () => {
      const root = document.querySelector('latch-modal')?.shadowRoot
      // Spinners turn for ever: only animations that end are waited for.
      return !root || root.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity)
    },
    undefined,
    { timeout: 10_000, polling: 'raf' },
  )
  const results = await new AxeBuilder({ page }).include(include).analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}
