import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { createServer, type ServerOptions } from '../../server/createServer.js'
import { startBackend } from '../../server/startBackend.js'
import type { LocalDeployment } from '../../server/plugins/services/Deployment.js'
import type { AdminToken } from '../../server/admin/resolveAdminToken.js'
import { launchBrowser } from './launchBrowser.js'

export interface DemoStack {
  url: string
  browser: Browser
  /** The contracts on the local chains, when started with `chains: true`. */
  deployment: LocalDeployment | undefined
  /** With `chains: true`: the backend's admin token, for its `/dev/*` routes (`devFetch`). */
  adminToken: AdminToken | undefined
  /**
   * A fresh page (own context) on the demo, waiting for its connect button. `context` is
   * passed to the new context, e.g. `{ permissions: ['clipboard-read', 'clipboard-write'] }`.
   */
  openDemo(query?: string, prepare?: (page: Page) => Promise<void>, context?: BrowserContextOptions): Promise<Page>
  close(): Promise<void>
}

export interface StartDemoOptions extends Omit<ServerOptions, 'staticDir'> {
  /** Start the whole backend (local chains, relay, blockchain service) in dev mode, as `npm start` does. */
  chains?: boolean
}

/**
 * Serves the built demo (examples/dist) on a free port, with the catalogue service alone or,
 * with `chains: true`, the whole backend; and starts Chromium.
 */
export async function startDemo(options: StartDemoOptions = {}): Promise<DemoStack> {
  const { chains, ...serverOptions } = options
  let url: string
  let deployment: LocalDeployment | undefined
  let adminToken: AdminToken | undefined
  let stop: () => Promise<void>
  if (chains) {
    const backend = await startBackend({ staticDir: 'examples/dist', catalogueScale: serverOptions.catalogueScale, dev: true })
    ;({ url, deployment, adminToken } = backend)
    stop = backend.close
  } else {
    const server = await createServer({ staticDir: 'examples/dist', ...serverOptions })
    url = await server.listen(0)
    stop = server.close
  }
  const browser = await launchBrowser()
  return {
    url,
    browser,
    deployment,
    adminToken,
    async openDemo(query = '', prepare, contextOptions) {
      // One context per page: axe needs it, and pages share no storage.
      const context = await browser.newContext(contextOptions)
      const page = await context.newPage()
      // When the browser itself is closing, the context goes with it: nothing to report.
      page.once('close', () => void context.close().catch(() => {}))
      await prepare?.(page)
      await page.goto(`${url}/${query}`)
      await page.getByRole('button', { name: 'Connect Wallet' }).waitFor()
      return page
    },
    async close() {
      await browser.close()
      await stop()
    },
  }
}
