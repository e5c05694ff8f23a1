import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { expectNoSeriousAxeViolations } from '../support/expectNoSeriousAxeViolations.js'
import { startDemo, type DemoStack } from '../support/startDemo.js'

let stack: DemoStack
beforeAll(async () => (stack = await startDemo({ catalogueScale: 5000 })))
afterAll(() => stack?.close())

/** Opens the modal and goes to AllWallets; records the catalogue pages the page asks for. */
const openAllWallets = async (query = '') => {
  const page = await stack.openDemo(query)
  const pages: number[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    // Only AllWallets' pages of 40: the Connect view asks for its few recommended wallets too.
    if (url.pathname === '/getWallets' && !url.searchParams.get('search') && url.searchParams.get('entries') === '40')
      pages.push(Number(url.searchParams.get('page')))
  })
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page.getByRole('button', { name: 'All Wallets' }).click()
  await page.getByRole('dialog', { name: 'All Wallets' }).waitFor()
  // The view's code arrives on first use: wait for its first wallet card.
  await page.locator('latch-modal [data-wallet-id]').first().waitFor()
  return { page, pages }
}

const walletElements = (page: Page) => page.locator('latch-modal [data-wallet-id]').count()

describe('AllWallets over a 5,000-wallet catalogue', () => {
  it('loads pages of 40 as the visitor scrolls, keeping the DOM small', async () => {
    const { page, pages } = await openAllWallets()
    await expect.poll(() => pages).toEqual([1])
    const list = page.getByRole('list', { name: 'All wallets' })
    // Each scroll to the end of the rendered rows asks for the next page: wait for it, then go on.
    while (pages.length < 4) {
      const asked = pages.length
      await list.evaluate((element) => element.scrollTo(0, element.scrollHeight))
      await expect.poll(() => pages.length).toBeGreaterThan(asked)
    }
    expect(pages.slice(0, 4)).toEqual([1, 2, 3, 4])
    expect(await walletElements(page)).toBeLessThan(150)
    await page.screenshot({ path: 'test-results/screenshots/all-wallets-dark.png' })
    await page.close()
  })

  it('finds a wallet by name', async () => {
    const { page } = await openAllWallets()
    await page.getByRole('searchbox', { name: 'Search wallet' }).fill('Rainbow')
    await expect.poll(() => page.locator('latch-modal .wallet-name').allInnerTexts()).toContain('Rainbow')
    const names = await page.locator('latch-modal .wallet-name').allInnerTexts()
    expect(names.every((name) => name.toLowerCase().includes('rainbow'))).toBe(true)
    await page.close()
  })

  it.each(['dark', 'light'])('has no serious or critical axe violation in the %s theme', async (theme) => {
    const { page } = await openAllWallets(`?theme=${theme}`)
    await expectNoSeriousAxeViolations(page)
    if (theme === 'light') await page.screenshot({ path: 'test-results/screenshots/all-wallets-light.png' })
    await page.close()
  })
})
