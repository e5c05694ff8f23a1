import type { Page } from 'playwright-core'

/** What has focus, looking through open shadow roots: its tag and accessible-ish name. */
export function focused(page: Page): Promise<{ tag: string; name: string; value: string }> {
  return page.evaluate(() => {
    let active = document.activeElement
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
    const element = active as HTMLInputElement | null
    const label = element && 'labels' in element ? element.labels?.[0]?.textContent : undefined
    return {
      tag: element?.tagName ?? '',
      name: String(element?.getAttribute('aria-label') ?? label ?? element?.textContent ?? '').trim(),
      value: element && 'value' in element ? String(element.value) : '',
    }
  })
}

/**
 * Presses Tab until the focused control's name matches, as a keyboard user would; fails
 * after `limit` presses so a control that cannot be reached by Tab fails the test.
 */
export async function tabTo(page: Page, name: string | RegExp, limit = 40): Promise<void> {
  const matches = (text: string) => (typeof name === 'string' ? text === name : name.test(text))
  for (let presses = 0; presses <= limit; presses++) {
    if (matches((await focused(page)).name)) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`"${name}" was not reached by Tab within ${limit} presses (last: "${(await focused(page)).name}")`)
}
