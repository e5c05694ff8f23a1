import type { Browser, Page } from 'playwright-core'
import { createServer, type ServerOptions } from '../../server/createServer.js'
import { launchBrowser } from './launchBrowser.js'

export interface DemoStack {
  url: string
  browser: Browser
  /** A fresh page on the demo, waiting for its connect button. */
  openDemo(query?: string): Promise<Page>
  close(): Promise<void>
}

/** Serves the built demo (examples/dist) with the catalogue service on a free port, and starts Chromium. */
export async function startDemo(options: Omit<ServerOptions, 'staticDir'> = {}): Promise<DemoStack> {
  const server = await createServer({ staticDir: 'examples/dist', ...options })
  const url = await server.listen(0)
  const browser = await launchBrowser()
  return {
    url,
    browser,
    async openDemo(query = '') {
      // One context per page: axe needs it, and pages share no storage.
      const context = await browser.newContext()
      const page = await context.newPage()
      page.once('close', () => void context.close())
      await page.goto(`${url}/${query}`)
      await page.getByRole('button', { name: 'Connect Wallet' }).waitFor()
      return page
    },
    async close() {
      await browser.close()
      await server.close()
    },
  }
}
