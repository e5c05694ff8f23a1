import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'

/** Runs axe on the modal (or on `include`, a selector) and expects no serious or critical violation (STYLE §7). */
export async function expectNoSeriousAxeViolations(page: Page, include = 'latch-modal'): Promise<void> {
  const results = await new AxeBuilder({ page }).include(include).analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}
