import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPageStack, type TestPageStack } from '../support/startTestPageStack.js'

// A plugin's view that throws while rendering must not take the modal down: its place says
// 'Something went wrong', the header still closes, and the next opening works. Through createKit
// with the real plugins and a third-party plugin, in Chromium.
const WAIT = { timeout: 20_000 }
let stack: TestPageStack
beforeAll(async () => {
  stack = await startTestPageStack(fileURLToPath(new URL('./fixtures/brokenViewPage.ts', import.meta.url)))
})
afterAll(() => stack?.close())

describe('given a plugin view that throws while rendering', () => {
  it("shows 'Something went wrong' in its place, closes, and opens Connect again", async () => {
    const page = await stack.browser.newPage()
    const uncaught: string[] = []
    page.on('pageerror', (error) => uncaught.push(error.message))
    await page.addInitScript((config) => Object.assign(window, { __latchBrokenConfig: config }), { rpcUrl: stack.chain.rpcUrl })
    await page.goto(stack.site.url)
    await page.waitForFunction(() => (window as any).__latch !== undefined, undefined, WAIT)
    await page.evaluate(() => (window as any).__latch.ready)

    await page.evaluate(() => (window as any).__latch.open('Broken'))
    const dialog = page.getByRole('dialog', { name: 'Broken view' })
    await dialog.getByRole('alert').filter({ hasText: 'Something went wrong' }).waitFor(WAIT)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await page.getByRole('dialog').waitFor({ state: 'hidden', ...WAIT })

    await page.evaluate(() => (window as any).__latch.open())
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('list', { name: 'Wallets' }).or(page.getByText('No wallet found in this browser.')).first().waitFor(WAIT)
    expect(uncaught).toEqual([])
    await page.close()
  })
})
