import type { CDPSession, Page } from 'playwright-core'

// Whether a person with a mouse or a finger can reach every control of the open modal: each
// focusable element of the dialog is scrolled to by wheel (or touch swipes) only, never by
// scrollIntoView or focus, and must then be the element at its own centre.

interface Probe {
  /** The element is gone (a virtual list recycled it) or has no box: nothing to reach. */
  gone?: boolean
  hit?: boolean
  /** What the element is, and what its centre hits, for a failure message. */
  label: string
  found?: string
  /** Where to put the pointer, and how far to scroll from there, to bring the element's centre closer. */
  point?: { x: number; y: number }
  dy?: number
}

const FOCUSABLE = 'a[href], iframe, button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** Marks the dialog's focusable elements (`data-reach="i"`) and returns how many there are. */
function markFocusables(page: Page): Promise<number> {
  return page.evaluate((selector) => {
    const root = document.querySelector('latch-modal')!.shadowRoot!
    const elements = [...root.querySelectorAll<HTMLElement>(`dialog[open] ${selector}`.replace(/, /g, ', dialog[open] '))].filter((element) => element.checkVisibility())
    elements.forEach((element, index) => element.setAttribute('data-reach', String(index)))
    return elements.length
  }, FOCUSABLE)
}

/** Where element `index` is, whether its centre hits it, and which wheel would bring it closer. */
function probe(page: Page, index: number): Promise<Probe> {
  return page.evaluate((index) => {
    const root = document.querySelector('latch-modal')!.shadowRoot!
    const element = root.querySelector<HTMLElement>(`[data-reach="${index}"]`)
    const label = element ? `<${element.tagName.toLowerCase()}> "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"` : `#${index}`
    if (!element || !element.isConnected || !element.checkVisibility()) return { gone: true, label }
    const box = element.getBoundingClientRect()
    if (box.width === 0 || box.height === 0) return { gone: true, label }
    const centre = { x: box.left + box.width / 2, y: box.top + box.height / 2 }
    const at = root.elementFromPoint(centre.x, centre.y)
    if (at && (at === element || element.contains(at))) return { hit: true, label }
    const found = `its centre (${Math.round(centre.x)}, ${Math.round(centre.y)}) hits ${at ? `<${at.tagName.toLowerCase()} class="${at.className}">` : 'nothing'} in a ${innerWidth}×${innerHeight} viewport`
    // The scrollers between the element and the dialog, innermost first.
    const scrollers: HTMLElement[] = []
    for (let node = element.parentElement; node && node.tagName !== 'DIALOG'; node = node.parentElement) {
      const { overflowY } = getComputedStyle(node)
      if ((overflowY === 'auto' || overflowY === 'scroll') && node.scrollHeight > node.clientHeight) scrollers.push(node)
    }
    // The visible part of a scroller: inside every scroller around it and the viewport.
    const visible = (scroller: HTMLElement) => {
      let { left, top, right, bottom } = scroller.getBoundingClientRect()
      for (const outer of scrollers.slice(scrollers.indexOf(scroller) + 1)) {
        const o = outer.getBoundingClientRect()
        ;({ left, top, right, bottom } = { left: Math.max(left, o.left), top: Math.max(top, o.top), right: Math.min(right, o.right), bottom: Math.min(bottom, o.bottom) })
      }
      ;({ top, bottom } = { top: Math.max(top, 0), bottom: Math.min(bottom, innerHeight) })
      return right - left > 4 && bottom - top > 4 ? { left, top, right, bottom } : undefined
    }
    // Scroll the innermost scroller that shows; one that does not is brought into view by its outer one.
    for (const scroller of scrollers) {
      const part = visible(scroller)
      if (!part) continue
      const point = { x: (part.left + part.right) / 2, y: (part.top + part.bottom) / 2 }
      const dy = Math.max(-120, Math.min(120, Math.round(centre.y - point.y)))
      const state = `${found}; its scroller is at ${Math.round(scroller.scrollTop)} of ${scroller.scrollHeight - scroller.clientHeight} px, shown ${Math.round(part.top)}-${Math.round(part.bottom)}`
      if (dy !== 0) return { hit: false, label, found: state, point, dy }
    }
    return { hit: false, label, found }
  }, index)
}

/** Waits two frames, so a scroll the wheel started has been laid out and painted. */
const frames = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))

/** A finger on the screen at `point`, dragged up by `dy` (the content follows it: dragging up scrolls down), then lifted. */
async function swipe(session: CDPSession, point: { x: number; y: number }, wanted: number) {
  // Never less than 48 px: a shorter drag can read as a tap, which would press what is under the finger.
  const dy = Math.sign(wanted) * Math.max(48, Math.abs(wanted))
  const at = (y: number) => [{ x: Math.round(point.x), y: Math.round(y) }]
  await session.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(point.y) })
  for (let step = 1; step <= 5; step++) await session.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(point.y - (dy * step) / 5) })
  await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
}

/**
 * Scrolls, by wheel (or touch swipes with `touch`), to each focusable element of the open dialog
 * and checks it is the element at its centre.
 *
 * @returns a sentence per element that could not be reached (empty when all were)
 */
export async function unreachableControls(page: Page, { touch = false } = {}): Promise<string[]> {
  const count = await markFocusables(page)
  const session = touch ? await page.context().newCDPSession(page) : undefined
  const failures: string[] = []
  try {
    for (let index = 0; index < count; index++) {
      let result = await probe(page, index)
      for (let tries = 0; !result.gone && !result.hit && result.point && tries < 60; tries++) {
        if (session) await swipe(session, result.point, result.dy!)
        else {
          await page.mouse.move(result.point.x, result.point.y)
          await page.mouse.wheel(0, result.dy!)
        }
        await frames(page)
        result = await probe(page, index)
      }
      if (!result.gone && !result.hit) failures.push(`${result.label} is not hit-testable: ${result.found}${result.point ? ', still after scrolling' : ', and nothing scrolls it free'}`)
    }
  } finally {
    await session?.detach()
  }
  return failures
}

/** Elements of the open dialog wider than it, or past its edges. */
export function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.querySelector('latch-modal')!.shadowRoot!
    const dialog = root.querySelector('dialog[open]')!
    const edge = dialog.getBoundingClientRect()
    const found: string[] = []
    for (const element of dialog.querySelectorAll<HTMLElement>('*')) {
      const box = element.getBoundingClientRect()
      if (box.width === 0 || !element.checkVisibility()) continue
      if (box.width > edge.width + 1 || box.left < edge.left - 1 || box.right > edge.right + 1)
        found.push(`<${element.tagName.toLowerCase()} class="${element.className}"> "${(element.textContent ?? '').trim().slice(0, 30)}" spans ${Math.round(box.left)}-${Math.round(box.right)} in a dialog at ${Math.round(edge.left)}-${Math.round(edge.right)}`)
    }
    return found
  })
}
