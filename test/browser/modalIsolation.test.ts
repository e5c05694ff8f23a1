import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { countDifferentPixels } from '../support/countDifferentPixels.js'
import { startDemo, type DemoStack } from '../support/startDemo.js'

let stack: DemoStack
beforeAll(async () => (stack = await startDemo()))
afterAll(() => stack?.close())

// A hostile host stylesheet: it restyles every element it can reach, with !important.
const HOST_STYLES = `
  * { font-family: serif !important; color: red !important; letter-spacing: 3px !important; line-height: 3 !important; }
  div { border: 5px solid blue !important; padding: 20px !important; background: yellow !important; }
  button { background: lime !important; padding: 30px !important; border-radius: 0 !important; }
`

const openModal = async (page: Page) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor()
  // Both shots must show the same content: wait for the catalogue's recommended wallets
  // (the count on the All Wallets row comes with them) and their images.
  await page.getByRole('button', { name: /All Wallets\s+\d/ }).waitFor()
  await page
    .locator('latch-modal img')
    .evaluateAll((images) =>
      Promise.all((images as HTMLImageElement[]).map((image) => (image.complete ? null : new Promise((done) => (image.onload = image.onerror = done))))),
    )
}

/** The modal, as two bands that skip its rounded corners, where the page behind shows through. */
const modalShot = async (page: Page) => {
  const box = (await page.locator('latch-modal dialog').boundingBox())!
  const corner = 24
  const band = (clip: { x: number; y: number; width: number; height: number }) =>
    page.screenshot({ clip, animations: 'disabled' })
  const [across, down] = await Promise.all([
    band({ x: box.x, y: box.y + corner, width: box.width, height: box.height - 2 * corner }),
    band({ x: box.x + corner, y: box.y, width: box.width - 2 * corner, height: box.height }),
  ])
  return [across, down] as const
}

describe('given a host stylesheet that restyles button, div and *', () => {
  it('renders the modal exactly as without it', async () => {
    const plain = await stack.openDemo()
    await openModal(plain)
    const before = await modalShot(plain)

    const hostile = await stack.openDemo()
    await hostile.addStyleTag({ content: HOST_STYLES })
    await openModal(hostile)
    const after = await modalShot(hostile)
    await hostile.screenshot({ path: 'test-results/screenshots/isolation-hostile-host.png' })

    // Chromium's software rasteriser may anti-alias a rounded corner one level differently
    // from one page to the next; a host style that leaked in changes far more than that.
    const differing = [
      await countDifferentPixels(plain, before[0], after[0], 2),
      await countDifferentPixels(plain, before[1], after[1], 2),
    ]
    if (differing.some((count) => count > 0)) {
      const { writeFileSync } = await import('node:fs')
      writeFileSync('test-results/screenshots/isolation-before.png', before[0])
      writeFileSync('test-results/screenshots/isolation-after.png', after[0])
    }
    expect(differing).toEqual([0, 0])
    await Promise.all([plain.close(), hostile.close()])
  })
})

describe('the modal', () => {
  it('adds no style to the host page', async () => {
    const page = await stack.openDemo()
    const hostStyles = () =>
      page.evaluate(() => ({
        sheets: document.styleSheets.length,
        adopted: document.adoptedStyleSheets.length,
        body: getComputedStyle(document.body).cssText || JSON.stringify([...getComputedStyle(document.body)].map((p) => getComputedStyle(document.body).getPropertyValue(p))),
        button: JSON.stringify(
          [...getComputedStyle(document.querySelector('button')!)].map((p) => getComputedStyle(document.querySelector('button')!).getPropertyValue(p)),
        ),
      }))
    const before = await hostStyles()
    await openModal(page)
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'hidden' })
    expect(await hostStyles()).toEqual(before)
    await page.close()
  })
})
