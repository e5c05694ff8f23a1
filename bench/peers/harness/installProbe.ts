import type { ProbeTarget } from './apps.js'

/** What the probe leaves on `window.__bench`: `performance.now()` stamps (ms since navigation start). */
export interface ProbeMarks {
  /** The first frame in which the connect button had a box. */
  button?: number
  /** The `click` event's own timestamp. */
  click?: number
  /** The first frame after the click in which the modal's first content had a box. */
  modalContent?: number
}

export interface ProbeState {
  marks: ProbeMarks
  /** Every long task (over 50 ms on the main thread) since navigation start: start and duration. */
  longTasks: Array<{ start: number; duration: number }>
  /** Centre of the connect button now (it may have moved since it was first laid out), for a real mouse click. */
  locateButton(): { x: number; y: number } | undefined
}

/**
 * Runs in the page before any of its scripts (`addInitScript`). Keeps every shadow root the page
 * creates, closed ones included, and checks once per animation frame whether the targets are laid
 * out: a frame is when a visitor can first see them, and a once-per-frame check costs every app
 * the same. The modal target is armed by the click, so a modal rendered hidden in advance does
 * not count until it shows.
 *
 * Self-contained: Playwright serialises it into the page.
 */
export function installProbe({ button, modalContent }: { button: ProbeTarget; modalContent: ProbeTarget }): void {
  const roots: Array<Document | ShadowRoot> = [document]
  const attachShadow = Element.prototype.attachShadow
  Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
    const root = attachShadow.call(this, init)
    roots.push(root)
    return root
  }
  let buttonElement: Element | undefined
  const state: ProbeState = {
    marks: {},
    longTasks: [],
    locateButton() {
      const box = buttonElement?.getBoundingClientRect()
      return box && { x: box.x + box.width / 2, y: box.y + box.height / 2 }
    },
  }
  ;(window as unknown as { __bench: ProbeState }).__bench = state

  const laidOut = (element: Element) => {
    const box = element.getBoundingClientRect()
    // visibility: hidden keeps a box; a visitor still sees nothing.
    return box.width > 0 && box.height > 0 && element.checkVisibility({ visibilityProperty: true })
  }
  const find = (target: ProbeTarget): Element | undefined => {
    for (const root of roots) {
      for (const element of root.querySelectorAll(target.selector)) {
        if (target.text && !(element.textContent ?? '').replace(/\s+/g, ' ').includes(target.text)) continue
        if (laidOut(element)) return element
      }
    }
    return undefined
  }

  // Buffered: the tasks that ran before this observer existed (the page's first scripts) count too.
  new PerformanceObserver((list) => {
    for (const task of list.getEntries()) state.longTasks.push({ start: task.startTime, duration: task.duration })
  }).observe({ type: 'longtask', buffered: true })

  let modalArmed = false
  const onFrame = () => {
    const now = performance.now()
    if (state.marks.button === undefined) {
      buttonElement = find(button)
      if (buttonElement) state.marks.button = now
    }
    if (modalArmed && state.marks.modalContent === undefined && find(modalContent)) state.marks.modalContent = now
    if (state.marks.button === undefined || state.marks.modalContent === undefined) requestAnimationFrame(onFrame)
  }
  requestAnimationFrame(onFrame)

  // Capture on window: the first listener to see the click, whatever the app does with it. A tap
  // fires the same click (after touchend), so both profiles start the clock at the same event.
  addEventListener(
    'click',
    (event) => {
      if (state.marks.click !== undefined) return
      state.marks.click = event.timeStamp
      modalArmed = true
    },
    { capture: true },
  )
}
