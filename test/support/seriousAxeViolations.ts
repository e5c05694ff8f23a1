import axe, { type RunOptions } from 'axe-core'

/**
 * The ids of axe's serious or critical violations in a component test's DOM (happy-dom). Rules
 * that need layout (colour contrast) are off: Chromium runs the full set on the real modal.
 */
export async function seriousAxeViolations(root: Element = document.body, options: Pick<RunOptions, 'iframes'> = {}): Promise<string[]> {
  const { violations } = await axe.run(root, { ...options, rules: { 'color-contrast': { enabled: false } } })
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)
}
