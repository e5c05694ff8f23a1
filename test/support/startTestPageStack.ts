import { rm } from 'node:fs/promises'
import type { Browser } from 'playwright-core'
import { startHardhatNode, type HardhatNode } from '../../server/chains/startHardhatNode.js'
import { buildTestPage } from './buildTestPage.js'
import { launchBrowser } from './launchBrowser.js'
import { serveDirectory } from './serveDirectory.js'
import { startRelay } from './startRelay.js'

export interface TestPageStack {
  chain: HardhatNode
  relay: Awaited<ReturnType<typeof startRelay>>
  site: Awaited<ReturnType<typeof serveDirectory>>
  browser: Browser
  close(): Promise<void>
}

/**
 * What a browser suite on its own test page needs: a hardhat chain (31337), the WalletConnect
 * relay, the page bundled from `fixture` and served from loopback, and Chromium.
 */
export async function startTestPageStack(fixture: string): Promise<TestPageStack> {
  const [chain, relay, outdir, browser] = await Promise.all([
    startHardhatNode({ chainId: 31337 }),
    startRelay(),
    buildTestPage(fixture),
    launchBrowser(),
  ])
  const site = await serveDirectory(outdir)
  return {
    chain,
    relay,
    site,
    browser,
    async close() {
      await browser.close()
      await Promise.all([chain.stop(), relay.close(), site.close()])
      await rm(outdir, { recursive: true, force: true })
    },
  }
}
