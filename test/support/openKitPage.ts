import type { Browser, BrowserContext, Page } from 'playwright-core'

export interface OpenKitPageOptions {
  browser: Browser
  /** Where the page is served (the reference backend's origin). */
  url: string
  /** The window global the test page reads its configuration from, and that configuration. */
  configName: string
  config: unknown
  /** A context to open the page in (a device that has been here before); a fresh one by default. */
  context?: BrowserContext
  /** Runs before the page loads (expose a wallet, listen to requests). */
  prepare?(page: Page): Promise<void> | void
  /** Open the modal and wait for Connect (default true). */
  openConnect?: boolean
  timeout?: number
}

/**
 * A test page driven through `window.__latch`: configured before its scripts run, loaded, its kit
 * ready, and (by default) the modal open on Connect, as a visitor finds it after a click.
 */
export async function openKitPage({ browser, url, configName, config, context, prepare, openConnect = true, timeout = 30_000 }: OpenKitPageOptions): Promise<Page> {
  const page = await (context ?? (await browser.newContext())).newPage()
  await page.addInitScript(([name, value]) => Object.assign(window, { [name as string]: value }), [configName, config] as const)
  await prepare?.(page)
  await page.goto(url.endsWith('/') ? url : `${url}/`)
  await page.waitForFunction(() => (window as any).__latch !== undefined, undefined, { timeout })
  await page.evaluate(() => (window as any).__latch.ready)
  if (openConnect) {
    await page.evaluate(() => (window as any).__latch.open())
    await page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor({ timeout })
  }
  return page
}
