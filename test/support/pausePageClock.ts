import type { Page } from 'playwright-core'

/**
 * Pauses a page's installed clock (`page.clock.install()`) about now: from then on its timers fire
 * only when the test moves its time on (`runFor`, `fastForward`). Playwright pauses only at a time
 * ahead of the page's, which runs on meanwhile: a slow round trip asks again, further ahead.
 */
export async function pausePageClock(page: Page): Promise<void> {
  for (const ahead of [100, 1_000, 5_000]) {
    const now = await page.evaluate(() => Date.now())
    try {
      return await page.clock.pauseAt(now + ahead)
    } catch (error) {
      if (ahead === 5_000 || !String(error).includes('to the past')) throw error
    }
  }
}
