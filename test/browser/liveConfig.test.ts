import { rm } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { buildTestPage } from '../support/buildTestPage.js'
import { launchBrowser } from '../support/launchBrowser.js'

// Issue 11: an operator's change to a project reaches the open pages of that project without a
// reload: the admin API writes it, the backend pushes it on the config stream, and the kit
// applies it as refreshConfig() does. The example faucet plugin is the feature switched.
const WAIT = { timeout: 15_000 }

let backend: RunningBackend
let outdir: string
let browser: Browser

beforeAll(async () => {
  outdir = await buildTestPage(fileURLToPath(new URL('./fixtures/faucetPage.ts', import.meta.url)))
  ;[backend, browser] = await Promise.all([startBackend({ staticDir: outdir }), launchBrowser()])
  await setFaucet(true)
}, 300_000)
afterAll(async () => {
  await browser?.close()
  await backend?.close()
  if (outdir) await rm(outdir, { recursive: true, force: true })
})

/** What the operator does: switch the project's `faucet` feature through the admin API. */
async function setFaucet(on: boolean): Promise<void> {
  const response = await fetch(`${backend.url}/admin/api/projects/latch-dev`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${backend.adminToken.value}`, 'content-type': 'application/json' },
    body: JSON.stringify({ features: { faucet: on } }),
  })
  expect(response.status).toBe(200)
}

/** The faucet page served by the backend (same origin), its modal open on Connect. */
async function openConnect(liveConfig: boolean): Promise<Page> {
  const page = await browser.newPage()
  const rpcUrl = backend.deployment.evm[0]!.rpcUrl
  await page.addInitScript((config) => Object.assign(window, { __latchFaucetConfig: config }), { rpcUrl, apiUrl: backend.url, liveConfig })
  await page.goto(`${backend.url}/`)
  await page.waitForFunction(() => (window as any).__latch !== undefined, undefined, WAIT)
  await page.evaluate(() => (window as any).__latch.ready)
  await page.evaluate(() => (window as any).__latch.open())
  await page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor(WAIT)
  return page
}

const faucetMethod = (page: Page) => page.getByRole('dialog').getByRole('button', { name: 'Get test funds' })

describe('given pages open on the faucet feature', () => {
  it('a live page loses and regains the faucet as the operator switches it; a page with live updates off changes only on refreshConfig()', async () => {
    const live = await openConnect(true)
    const manual = await openConnect(false)
    await faucetMethod(live).waitFor(WAIT)
    await faucetMethod(manual).waitFor(WAIT)

    await setFaucet(false)
    await faucetMethod(live).waitFor({ state: 'detached', ...WAIT })
    expect(await live.evaluate(() => (window as any).__latch.state().plugins.faucet)).toBe('skipped')
    // The live page has applied the push; the other one, listening to nothing, still has it.
    expect(await faucetMethod(manual).count()).toBe(1)
    expect(await manual.evaluate(() => (window as any).__latch.refreshConfig())).toBe(false)
    await faucetMethod(manual).waitFor({ state: 'detached', ...WAIT })

    await setFaucet(true)
    await faucetMethod(live).waitFor(WAIT)
    expect(await faucetMethod(manual).count()).toBe(0)
    await live.close()
    await manual.close()
  })
})
