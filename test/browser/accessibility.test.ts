import { AxeBuilder } from '@axe-core/playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemo, type DemoStack } from '../support/startDemo.js'

let stack: DemoStack
beforeAll(async () => (stack = await startDemo()))
afterAll(() => stack?.close())

describe.each(['dark', 'light'])('in the %s theme', (theme) => {
  it('the Connect view has no serious or critical axe violation', async () => {
    const page = await stack.openDemo(`?theme=${theme}`)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor()
    const results = await new AxeBuilder({ page }).include('latch-modal').analyze()
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
    await page.close()
  })
})

describe('by keyboard alone', () => {
  it('opens the modal, reaches every control, and closes it', async () => {
    const page = await stack.openDemo()
    // Tab from the top of the page to the connect button.
    for (let i = 0; i < 5; i++) {
      const focused = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.latchButton)
      if (focused === 'connect') break
      await page.keyboard.press('Tab')
    }
    await page.keyboard.press('Enter')
    await page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor()
    // Tab cycles inside the dialog: every control it reaches is named.
    const names = new Set<string>()
    // Enough presses to go round the Connect view's controls (wallet rows, All Wallets, Close).
    for (let i = 0; i < 14; i++) {
      await page.keyboard.press('Tab')
      const name = await page.evaluate(() => {
        let active = document.activeElement
        while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
        return active?.getAttribute('aria-label') ?? active?.textContent?.trim() ?? ''
      })
      names.add(name)
    }
    expect([...names].every((name) => name.length > 0)).toBe(true)
    expect(names.has('Close')).toBe(true)
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'hidden' })
    await page.close()
  })
})
