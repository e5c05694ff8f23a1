import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startDemo, type DemoStack } from '../support/startDemo.js'
import { diffScreenshots } from '../support/diffScreenshots.js'

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

/** The modal, minus its rounded corners' outer pixels, where the page behind shows through. */
const modalShot = async (page: Page) => {
  // Nothing under the pointer: the click that opened the modal must not leave a hover state.
  await page.mouse.move(0, 0)
  // ...nor a hover transition still running: wait until the modal has none.
  await page.waitForFunction(() => document.querySelector('latch-modal')!.shadowRoot!.getAnimations().length === 0, undefined, { timeout: 10_000, polling: 'raf' })
  const box = (await page.locator('latch-modal dialog').boundingBox())!
  const corner = 24
  return page.screenshot({
    clip: { x: box.x + corner, y: box.y + corner, width: box.width - 2 * corner, height: box.height - 2 * corner },
    animations: 'disabled',
  })
}

/** Every element's computed style inside the modal's shadow tree, in document order. */
const shadowStyles = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('latch-modal')!.shadowRoot!
    return [...root.querySelectorAll('*')].map((element) => {
      const style = getComputedStyle(element)
      return {
        element: `${element.tagName}.${element.className}`,
        style: Object.fromEntries([...style].map((name) => [name, style.getPropertyValue(name)])),
      }
    })
  })

/** The properties that differ between two captures, as 'element property: a ≠ b'. */
const styleDifferences = (a: Awaited<ReturnType<typeof shadowStyles>>, b: Awaited<ReturnType<typeof shadowStyles>>) =>
  a.flatMap((entry, index) =>
    Object.keys(entry.style)
      .filter((name) => entry.style[name] !== b[index]?.style[name])
      .map((name) => `${entry.element} ${name}: ${entry.style[name]} ≠ ${b[index]?.style[name]}`),
  )

/**
 * Text anti-aliasing can differ by a few pixels between two pages with identical styles (seen:
 * 6 pixels of one bold glyph), so the picture gets a small allowance; the computed styles
 * above are compared exactly.
 */
const PIXEL_ALLOWANCE = 40

describe('given a host stylesheet that restyles button, div and *', () => {
  it('renders the modal exactly as without it', async () => {
    const plain = await stack.openDemo()
    await openModal(plain)
    const before = await modalShot(plain)

    const hostile = await stack.openDemo()
    await hostile.addStyleTag({ content: HOST_STYLES })
    await openModal(hostile)
    const after = await modalShot(hostile)
    expect(styleDifferences(await shadowStyles(plain), await shadowStyles(hostile))).toEqual([])
    await hostile.screenshot({ path: 'test-results/screenshots/isolation-hostile-host.png' })

    const diff = await diffScreenshots(plain, before, after)
    if (diff.differing > PIXEL_ALLOWANCE) {
      const { writeFileSync } = await import('node:fs')
      writeFileSync('test-results/screenshots/isolation-before.png', before)
      writeFileSync('test-results/screenshots/isolation-after.png', after)
    }
    expect(diff.sizes[0]).toBe(diff.sizes[1])
    expect(diff.differing).toBeLessThanOrEqual(PIXEL_ALLOWANCE)
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
    // The demo lists the kit's plugins once the kit has started, after its button: the list's
    // growth would read as a change of the body's style, so the page is taken once it is settled.
    await page.waitForFunction(
      () => {
        const items = [...document.querySelectorAll('ul[aria-label="Plugins"] li')]
        return items.length > 0 && items.every((item) => !/: (pending|loading)$/.test(item.textContent ?? ''))
      },
      undefined,
      { timeout: 15_000 },
    )
    const before = await hostStyles()
    await openModal(page)
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'hidden' })
    expect(await hostStyles()).toEqual(before)
    await page.close()
  })
})

describe('the closed modal', () => {
  // Closed, the dialog stays laid out (so opening shows it in the next frame) but must stay out
  // of the visitor's way: unseen, not hit by the pointer, not reached by Tab.
  it('is laid out yet unseen, lets clicks through to the page and is never reached by Tab', async () => {
    const page = await stack.openDemo()
    await page.getByRole('button', { name: 'Connect Wallet' }).waitFor()
    const dialog = page.locator('latch-modal dialog')
    // Pre-rendered with the Connect view: the thing the checks below keep away is there.
    await expect.poll(() => dialog.evaluate((element) => element.querySelectorAll('button').length), { timeout: 10_000 }).toBeGreaterThan(1)
    for (const moment of ['before opening', 'after closing']) {
      const box = await dialog.evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect)
      expect(box.width, moment).toBeGreaterThan(0)
      expect(await dialog.isVisible(), moment).toBe(false)
      expect(await page.getByRole('dialog').count(), moment).toBe(0)
      const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.tagName, { x: box.x + box.width / 2, y: box.y + box.height / 2 })
      expect(hit, moment).not.toBe('LATCH-MODAL')
      const focusables = await page.evaluate(() => document.querySelectorAll('button, a[href], input, select, textarea').length)
      await page.locator('body').focus()
      for (let press = 0; press < focusables + 2; press++) {
        await page.keyboard.press('Tab')
        expect(await page.evaluate(() => document.activeElement?.tagName), moment).not.toBe('LATCH-MODAL')
      }
      if (moment === 'before opening') {
        await page.getByRole('button', { name: 'Connect Wallet' }).click()
        await page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor({ timeout: 10_000 })
        await page.keyboard.press('Escape')
        await page.getByRole('dialog').waitFor({ state: 'hidden', timeout: 10_000 })
      }
    }
    await page.close()
  })
})
