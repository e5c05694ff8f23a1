import { rm } from 'node:fs/promises'
import type { Browser } from 'playwright-core'
import { startBackend, type RunningBackend, type StartBackendOptions } from '../../server/startBackend.js'
import { buildTestPage } from './buildTestPage.js'
import { launchBrowser } from './launchBrowser.js'

export interface PageOnBackend {
  backend: RunningBackend
  browser: Browser
  /** The bundled page's folder, served at the backend's root (add files beside it before use). */
  outdir: string
  close(): Promise<void>
}

/**
 * A test page bundled from `fixture` and served by the whole reference backend (local chains,
 * relay, secure site), so the page and every service share one origin; and Chromium. In dev
 * mode unless `options.dev` says otherwise: the logins these pages play need the stand-ins.
 */
export async function startPageOnBackend(fixture: string, options: Omit<StartBackendOptions, 'staticDir' | 'localChains'> = {}): Promise<PageOnBackend> {
  const outdir = await buildTestPage(fixture)
  const [backend, browser] = await Promise.all([startBackend({ dev: true, ...options, staticDir: outdir }), launchBrowser()])
  return {
    backend,
    browser,
    outdir,
    async close() {
      await browser.close()
      await backend.close()
      await rm(outdir, { recursive: true, force: true })
    },
  }
}
