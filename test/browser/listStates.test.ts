import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COLLECTOR_LANTERNS } from '../support/collectorHoldings.js'
import { openDemoFor } from '../support/modalViews.js'
import { startDemo, type DemoStack } from '../support/startDemo.js'

// Issue 27: designed loading and empty states. While a list's answer is on its way, the list
// shows placeholder rows of its shape (a skeleton, announced as loading), then the rows; a list
// with nothing says so with a sign, a title and a hint. The backend's answers are held back in
// the browser until the skeleton has been seen, then let through unchanged: the rows are the
// real backend's.
const WAIT = { timeout: 30_000 }

let stack: DemoStack
beforeAll(async () => (stack = await startDemo({ chains: true })), 300_000)
afterAll(() => stack?.close())

const dialog = (page: Page) => page.getByRole('dialog')
/** What the state looks like, for a person to look at (not compared). */
const shot = (page: Page, name: string) => page.locator('latch-modal dialog').screenshot({ path: `test-results/screenshots/${name}.png`, animations: 'disabled' })

/** Holds the page's requests whose path ends with `pathEnd` until `release()`, then sends them on as they were. */
async function holdRequests(page: Page, pathEnd: RegExp) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  let held = 0
  await page.route(
    (url) => pathEnd.test(url.pathname),
    async (route) => {
      held++
      await released
      await route.continue()
    },
  )
  return { release, held: () => held }
}

describe('the Account tabs of an account with NFTs and a history', () => {
  it('show a skeleton while the NFTs and the activity load, then their rows, with the NFTs’ own pictures', { timeout: 180_000 }, async () => {
    const page = await openDemoFor(stack, 'collector')
    const nfts = await holdRequests(page, /\/v1\/account\/[^/]+\/nfts$/)
    await dialog(page).getByRole('tab', { name: 'NFTs', exact: true }).click(WAIT)
    await expect.poll(() => nfts.held(), WAIT).toBeGreaterThan(0)
    await dialog(page).getByRole('status', { name: 'Loading NFTs' }).waitFor(WAIT)
    expect(await dialog(page).locator('[data-skeleton] .skeleton-row').count()).toBeGreaterThan(0)
    await shot(page, 'ListStates-NftsLoading')
    nfts.release()
    const images = dialog(page).getByRole('list', { name: 'NFTs' }).locator('img')
    await expect.poll(() => images.count(), WAIT).toBe(COLLECTOR_LANTERNS.length)
    await dialog(page).getByRole('status', { name: 'Loading NFTs' }).waitFor({ state: 'detached', ...WAIT })
    // Each lantern is its own picture, served by the backend, not the network's logo.
    expect(await images.evaluateAll((all) => all.map((image) => new URL((image as HTMLImageElement).src).pathname))).toEqual(
      COLLECTOR_LANTERNS.map((id) => `/public/getAssetImage/latch-lantern-${Number(id) % 3}`),
    )
    await expect.poll(() => images.evaluateAll((all) => all.every((image) => (image as HTMLImageElement).naturalWidth > 0)), WAIT).toBe(true)

    const history = await holdRequests(page, /\/v1\/account\/[^/]+\/history$/)
    await dialog(page).getByRole('tab', { name: 'Activity', exact: true }).click(WAIT)
    await expect.poll(() => history.held(), WAIT).toBeGreaterThan(0)
    await dialog(page).getByRole('status', { name: 'Loading activity' }).waitFor(WAIT)
    history.release()
    await expect.poll(() => dialog(page).getByRole('list', { name: 'Activity' }).getByRole('listitem').count(), WAIT).toBe(1 + COLLECTOR_LANTERNS.length)
    expect(await dialog(page).getByRole('status', { name: 'Loading activity' }).count()).toBe(0)
    // An NFT's row names it rather than counting it.
    expect(await dialog(page).getByRole('list', { name: 'Activity' }).innerText()).toContain('Latch Lanterns #2')
    expect(await dialog(page).getByRole('list', { name: 'Activity' }).innerText()).not.toContain('1.00 Latch Lanterns')
    await page.close()
  })
})

describe('an account that holds nothing', () => {
  it('says so in the NFTs and Activity tabs with a title and a hint, not a grey line', { timeout: 180_000 }, async () => {
    // Dev account #7 only ever held its ETH: no NFTs, no transaction.
    const page = await openDemoFor(stack, 'injected')
    await dialog(page).getByRole('tab', { name: 'NFTs', exact: true }).click(WAIT)
    const empty = dialog(page).getByRole('tabpanel').locator('.empty-state')
    await empty.getByText('No NFTs yet.').waitFor(WAIT)
    await shot(page, 'ListStates-NftsEmpty')
    expect(await empty.locator('.empty-hint').innerText()).not.toBe('')
    await dialog(page).getByRole('tab', { name: 'Activity', exact: true }).click(WAIT)
    await empty.getByText('No activity yet.').waitFor(WAIT)
    await page.close()
  })
})

describe('All Wallets', () => {
  it('shows a grid of placeholders while the catalogue loads, then the wallets; a search that finds nothing says so in the grid’s place', { timeout: 180_000 }, async () => {
    const page = await openDemoFor(stack, 'visitor')
    const catalogue = await holdRequests(page, /\/getWallets$/)
    await dialog(page).getByRole('button', { name: /All Wallets/ }).click(WAIT)
    await page.getByRole('dialog', { name: 'All Wallets' }).waitFor(WAIT)
    await dialog(page).getByRole('status', { name: 'Loading wallets' }).waitFor(WAIT)
    expect(await dialog(page).locator('[data-skeleton] .skeleton-cell').count()).toBeGreaterThan(4)
    await shot(page, 'ListStates-AllWalletsLoading')
    catalogue.release()
    await expect.poll(() => dialog(page).locator('.wallet-scroll button').count(), WAIT).toBeGreaterThan(4)
    expect(await dialog(page).getByRole('status', { name: 'Loading wallets' }).count()).toBe(0)

    await dialog(page).getByLabel('Search wallet').fill('no wallet is called this')
    const empty = dialog(page).locator('.empty-state')
    await empty.getByText('No wallet found').waitFor(WAIT)
    await shot(page, 'ListStates-AllWalletsEmpty')
    // Centred where the grid was, not in a corner under an empty area.
    const [box, dialogBox] = await Promise.all([empty.boundingBox(), dialog(page).boundingBox()])
    expect(Math.abs(box!.x + box!.width / 2 - (dialogBox!.x + dialogBox!.width / 2))).toBeLessThan(2)
    await page.close()
  })
})
