import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { createServer, type LatchServer } from '../../server/createServer.js'
import { launchBrowser } from '../support/launchBrowser.js'

let server: LatchServer
let url: string
let browser: Browser
let page: Page

beforeAll(async () => {
  server = await createServer({ staticDir: 'examples/dist' })
  url = await server.listen(0)
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

const dialog = () => page.locator('latch-modal dialog')

describe('the demo page', () => {
  beforeAll(async () => {
    page = await browser.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto(`${url}/`)
    await page.getByRole('button', { name: 'Connect Wallet' }).waitFor()
    expect(errors).toEqual([])
  })

  it('opens the modal on the Connect view as a labelled dialog', async () => {
    const button = page.getByRole('button', { name: 'Connect Wallet' })
    await button.click()
    const modal = page.getByRole('dialog', { name: 'Connect Wallet' })
    await modal.waitFor()
    expect(await dialog().getAttribute('data-view')).toBe('Connect')
    expect(await dialog().evaluate((element) => (element as HTMLDialogElement).open)).toBe(true)
    // Focus moved inside the dialog.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('LATCH-MODAL')
    await page.screenshot({ path: 'test-results/screenshots/connect-dark.png' })
  })

  it('closes on Escape and returns focus to the connect button', async () => {
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'hidden' })
    expect(await dialog().evaluate((element) => (element as HTMLDialogElement).open)).toBe(false)
    expect(
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.latchButton),
    ).toBe('connect')
  })

  it('renders the light theme when the host asks for it', async () => {
    const light = await browser.newPage()
    await light.goto(`${url}/?theme=light`)
    await light.getByRole('button', { name: 'Connect Wallet' }).click()
    await light.getByRole('dialog', { name: 'Connect Wallet' }).waitFor()
    const background = await light
      .locator('latch-modal dialog')
      .evaluate((element) => getComputedStyle(element).backgroundColor)
    expect(background).toBe('rgb(255, 255, 255)')
    await light.screenshot({ path: 'test-results/screenshots/connect-light.png' })
    await light.close()
  })
})

describe('the view chunks of the demo page', () => {
  it('are fetched once the visitor first opens the modal, at idle, not before', async () => {
    const fresh = await browser.newPage()
    const fetched: string[] = []
    fresh.on('request', (request) => {
      if (request.resourceType() === 'script') fetched.push(new URL(request.url()).pathname)
    })
    await fresh.goto(`${url}/`)
    // Every plugin has loaded (so each registered its views) before the check.
    await fresh.getByRole('list', { name: 'Plugins' }).getByRole('listitem').filter({ hasText: 'account: loaded' }).waitFor()
    await fresh.getByRole('list', { name: 'Plugins' }).getByRole('listitem').filter({ hasText: 'activity: loaded' }).waitFor()
    // ...and the page has been idle once, when a preload at start-up would have run.
    await fresh.evaluate(() => new Promise((done) => requestIdleCallback(done, { timeout: 5_000 })))
    const accountView = (path: string) => /\/AccountView-[^/]+\.js$/.test(path)
    expect(fetched.filter(accountView)).toEqual([])

    await fresh.getByRole('button', { name: 'Connect Wallet' }).click()
    await fresh.getByRole('dialog', { name: 'Connect Wallet' }).waitFor()
    await expect.poll(() => fetched.filter(accountView).length, { timeout: 15_000 }).toBe(1)
    await fresh.close()
  })
})
