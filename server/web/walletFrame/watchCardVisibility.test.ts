import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  APPROVE_DELAY_MS,
  OFFER_WINDOW_AFTER_MS,
  watchCardVisibility,
  type CardVisibility,
  type VisibilityEntry,
  type VisibilityObserverInit,
} from './watchCardVisibility.js'

// IntersectionObserver v2 exists only in Chromium (the browser test test/security/clickjacking.test.ts
// drives the real one): here a stand-in observer reports what a test tells it to.
const card = {} as Element
const VISIBLE = { target: card, isVisible: true, intersectionRatio: 1 }
const COVERED = { target: card, isVisible: false, intersectionRatio: 1 }

function watch(supported = true) {
  const states: CardVisibility[] = []
  let report: (entries: VisibilityEntry[]) => void = () => {}
  let init: VisibilityObserverInit | undefined
  const observed: Element[] = []
  let disconnected = false
  const stop = watchCardVisibility(card, (state) => states.push(state), {
    supported,
    createObserver: (callback, options) => {
      report = callback
      init = options
      return { observe: (target) => void observed.push(target), disconnect: () => void (disconnected = true) }
    },
  })
  return { states, report: (entry: VisibilityEntry) => report([entry]), init: () => init, observed, disconnected: () => disconnected, stop }
}

describe('watchCardVisibility', () => {
  beforeEach(() => void vi.useFakeTimers())
  afterEach(() => void vi.useRealTimers())

  it('asks the browser for visibility (trackVisibility, its smallest delay) of the whole card', () => {
    const { init, observed, stop } = watch()
    expect(init()).toEqual({ threshold: [1], trackVisibility: true, delay: 100 })
    expect(observed).toEqual([card])
    stop()
  })

  it('proves the card only after it has been visible and unobscured for the whole delay', async () => {
    const { states, report, stop } = watch()
    report(VISIBLE)
    await vi.advanceTimersByTimeAsync(APPROVE_DELAY_MS - 1)
    expect(states).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(states).toEqual([{ proven: true, offerWindow: false }])
    stop()
  })

  it('starts the wait again from zero on any report that the card is covered, see-through, moved or cut', async () => {
    const { states, report, stop } = watch()
    for (const hidden of [COVERED, { target: card, isVisible: true, intersectionRatio: 0.9 }, { target: card, intersectionRatio: 1 }]) {
      report(VISIBLE)
      await vi.advanceTimersByTimeAsync(APPROVE_DELAY_MS - 100)
      report(hidden)
      await vi.advanceTimersByTimeAsync(200)
    }
    expect(states).toEqual([])
    report(VISIBLE)
    await vi.advanceTimersByTimeAsync(APPROVE_DELAY_MS)
    expect(states).toEqual([{ proven: true, offerWindow: false }])
    stop()
  })

  it('withdraws the proof as soon as the card is covered, and gives it back only after a new full delay', async () => {
    const { states, report, stop } = watch()
    report(VISIBLE)
    await vi.advanceTimersByTimeAsync(APPROVE_DELAY_MS)
    report(COVERED)
    expect(states.at(-1)).toEqual({ proven: false, offerWindow: false })
    report(VISIBLE)
    await vi.advanceTimersByTimeAsync(APPROVE_DELAY_MS - 1)
    expect(states.at(-1)?.proven).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(states.at(-1)?.proven).toBe(true)
    stop()
  })

  it('offers the window once the card stayed unproven long enough, and keeps offering it', async () => {
    const { states, report, stop } = watch()
    report(COVERED)
    await vi.advanceTimersByTimeAsync(OFFER_WINDOW_AFTER_MS - 1)
    expect(states).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(states).toEqual([{ proven: false, offerWindow: true }])
    report(VISIBLE)
    await vi.advanceTimersByTimeAsync(APPROVE_DELAY_MS)
    expect(states.at(-1)).toEqual({ proven: true, offerWindow: true })
    stop()
  })

  it('counts the time to the offer again from each loss of proof', async () => {
    const { states, report, stop } = watch()
    report(VISIBLE)
    await vi.advanceTimersByTimeAsync(OFFER_WINDOW_AFTER_MS)
    expect(states).toEqual([{ proven: true, offerWindow: false }])
    report(COVERED)
    await vi.advanceTimersByTimeAsync(OFFER_WINDOW_AFTER_MS - 1)
    expect(states.at(-1)).toEqual({ proven: false, offerWindow: false })
    await vi.advanceTimersByTimeAsync(1)
    expect(states.at(-1)).toEqual({ proven: false, offerWindow: true })
    stop()
  })

  it('where the browser cannot report visibility, never proves the card and offers the window at once', async () => {
    const { states, report, stop } = watch(false)
    expect(states).toEqual([{ proven: false, offerWindow: true }])
    report(VISIBLE)
    await vi.advanceTimersByTimeAsync(OFFER_WINDOW_AFTER_MS)
    expect(states).toEqual([{ proven: false, offerWindow: true }])
    stop()
  })

  it('stops: the observer disconnected, no timer left, no state after', async () => {
    const { states, report, disconnected, stop } = watch()
    report(VISIBLE)
    stop()
    expect(disconnected()).toBe(true)
    expect(vi.getTimerCount()).toBe(0)
    await vi.advanceTimersByTimeAsync(OFFER_WINDOW_AFTER_MS)
    expect(states).toEqual([])
  })
})
