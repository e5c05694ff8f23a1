/**
 * Approve counts only once the card has been visible and unobscured this long without a break
 * (issue 26, review finding H1): a page that hides, covers or moves the frame never gets there.
 */
export const APPROVE_DELAY_MS = 500

/** Unproven this long, the card offers to ask in a window of the secure site instead. */
export const OFFER_WINDOW_AFTER_MS = 3000

/**
 * The smallest sampling interval IntersectionObserver v2 accepts with `trackVisibility`: a cover
 * that lasts less than this between two samples can go unseen (the spec's own limit).
 */
const VISIBILITY_DELAY_MS = 100

/** What the card may do now. */
export interface CardVisibility {
  /** Visible and unobscured for `APPROVE_DELAY_MS` without a break, and still: Approve counts. */
  proven: boolean
  /** The browser cannot tell, or the card stayed unproven too long: offer the approval window. */
  offerWindow: boolean
}

/** IntersectionObserver v2's entry (not yet in TypeScript's DOM types). */
export interface VisibilityEntry {
  target: Element
  /** Unobscured, fully opaque, untransformed beyond a 2D move: the browser's own verdict. */
  isVisible?: boolean
  intersectionRatio: number
}

/** IntersectionObserver v2's options (not yet in TypeScript's DOM types). */
export interface VisibilityObserverInit {
  threshold: number[]
  trackVisibility: true
  delay: number
}

/** The part of an IntersectionObserver this uses. */
export interface VisibilityObserver {
  observe(target: Element): void
  disconnect(): void
}

export interface WatchCardVisibilityOptions {
  /** Builds the observer: the browser's IntersectionObserver by default (tests inject one). */
  createObserver?: (callback: (entries: VisibilityEntry[]) => void, init: VisibilityObserverInit) => VisibilityObserver
  /** Whether the browser reports `isVisible`: read from `IntersectionObserverEntry.prototype` by default. */
  supported?: boolean
  visibleForMs?: number
  offerWindowAfterMs?: number
}

/** Only a whole card counts; the slack absorbs float rounding of a frame at a fractional position, not a hidden row. */
const WHOLE = 0.999

function browserSupportsVisibility(): boolean {
  return typeof IntersectionObserverEntry !== 'undefined' && 'isVisible' in IntersectionObserverEntry.prototype
}

/**
 * Watches whether the approval card is proven visible: IntersectionObserver v2 with
 * `trackVisibility` must report it fully in view, unobscured and opaque (`isVisible`) for
 * `APPROVE_DELAY_MS` without a break; any report otherwise starts the wait again. The frame cannot
 * see its own opacity, position or what the page draws over it, but the browser can
 * (https://w3c.github.io/IntersectionObserver/v2/). Where the browser cannot tell, or the card
 * stays unproven for `OFFER_WINDOW_AFTER_MS`, the state says to offer the approval window.
 *
 * @param target - the card (the frame's whole `#approval` element)
 * @param onChange - called with each new state, never with a repeat
 * @param options - see `WatchCardVisibilityOptions`
 * @returns a function that stops the observer and its timers
 * @example
 * const stop = watchCardVisibility(root, ({ proven }) => (approve.disabled = !proven))
 */
export function watchCardVisibility(
  target: Element,
  onChange: (state: CardVisibility) => void,
  options: WatchCardVisibilityOptions = {},
): () => void {
  const visibleForMs = options.visibleForMs ?? APPROVE_DELAY_MS
  const offerWindowAfterMs = options.offerWindowAfterMs ?? OFFER_WINDOW_AFTER_MS
  let state: CardVisibility = { proven: false, offerWindow: false }
  let stopped = false
  const update = (next: Partial<CardVisibility>) => {
    const merged = { ...state, ...next }
    if (stopped || (merged.proven === state.proven && merged.offerWindow === state.offerWindow)) return
    state = merged
    onChange(state)
  }
  if (!(options.supported ?? browserSupportsVisibility())) {
    // Without isVisible nothing can prove the card seen: the window is the only way to approve.
    update({ offerWindow: true })
    return () => void (stopped = true)
  }
  let hold: ReturnType<typeof setTimeout> | undefined
  let giveUp: ReturnType<typeof setTimeout> | undefined
  // Counts from the start, and again from each loss of proof; once offered, the window stays offered.
  const startGiveUp = () => {
    if (!state.offerWindow) giveUp = setTimeout(() => update({ offerWindow: true }), offerWindowAfterMs)
  }
  const onEntries = (entries: VisibilityEntry[]) => {
    // Entries come oldest first: the last one for the card is its state now.
    const entry = entries.filter((candidate) => candidate.target === target).at(-1)
    if (!entry) return
    if (entry.isVisible === true && entry.intersectionRatio >= WHOLE) {
      if (!state.proven && hold === undefined)
        hold = setTimeout(() => {
          hold = undefined
          clearTimeout(giveUp)
          update({ proven: true })
        }, visibleForMs)
      return
    }
    // Hidden, covered, see-through, moved or cut even once: the wait starts again from zero.
    clearTimeout(hold)
    hold = undefined
    if (!state.proven) return
    update({ proven: false })
    startGiveUp()
  }
  const create = options.createObserver ?? ((callback, init) => new IntersectionObserver(callback as IntersectionObserverCallback, init))
  const observer = create(onEntries, { threshold: [1], trackVisibility: true, delay: VISIBILITY_DELAY_MS })
  observer.observe(target)
  startGiveUp()
  return () => {
    stopped = true
    observer.disconnect()
    clearTimeout(hold)
    clearTimeout(giveUp)
  }
}
