import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectNoSeriousAxeViolations } from '../support/expectNoSeriousAxeViolations.js'
import { startDemo, type DemoStack } from '../support/startDemo.js'

let stack: DemoStack
beforeAll(async () => (stack = await startDemo()))
afterAll(() => stack?.close())

/**
 * The Connect view complete: its chunk loaded and the catalogue's recommended wallets in the list
 * (the All Wallets row shows the catalogue's count once they arrived). Before that the view has
 * only a few controls, so a check made earlier would judge a view the visitor never sees.
 */
async function connectViewComplete(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await dialog.waitFor({ timeout: 15_000 })
  await expect.poll(() => dialog.getByRole('button', { name: /All Wallets/ }).innerText().catch(() => ''), { timeout: 20_000 }).toMatch(/All Wallets\s+\d+\+?/)
  await expect.poll(() => dialog.getByRole('button').count(), { timeout: 20_000 }).toBeGreaterThan(6)
}

describe.each(['dark', 'light'])('in the %s theme', (theme) => {
  it('the Connect view has no serious or critical axe violation', async () => {
    const page = await stack.openDemo(`?theme=${theme}`)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await connectViewComplete(page)
    await expectNoSeriousAxeViolations(page)
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
    // The recommended wallets arrive from the catalogue after the view shows: go round once they are there.
    await connectViewComplete(page)
    // Tab goes round the dialog's controls and back to the first: focus never leaves the modal
    // (a control inside its shadow root each time), and every control it reaches is named.
    const focused = () =>
      page.evaluate(() => {
        const host = document.activeElement
        const root = host?.shadowRoot
        const active = root?.activeElement as HTMLElement | null | undefined
        if (host?.tagName !== 'LATCH-MODAL' || !root || !active) return { inModal: false, index: -1, name: '' }
        const controls = [...root.querySelectorAll<HTMLElement>('button, input, select, textarea, a[href], [tabindex]')]
        const label = active.getAttribute('aria-label') ?? ((active as HTMLInputElement).labels?.[0]?.textContent || active.textContent) ?? ''
        return { inModal: true, index: controls.indexOf(active), name: label.trim() }
      })
    await page.keyboard.press('Tab')
    const first = await focused()
    const visited = [first]
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('Tab')
      const next = await focused()
      if (next.inModal && next.index === first.index) break
      visited.push(next)
    }
    expect(visited.every((control) => control.inModal && control.index >= 0)).toBe(true)
    expect(visited.filter((control) => control.name.length === 0)).toEqual([])
    // Round the whole view and back to the start: more than a handful, and Close among them.
    expect(visited.length).toBeGreaterThan(5)
    expect(visited.length).toBeLessThan(60)
    expect(visited.map((control) => control.name)).toContain('Close')
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'hidden' })
    await page.close()
  })
})
