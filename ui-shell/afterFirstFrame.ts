/**
 * How long the kit waits for a frame that may never come (a page in an iframe that is not shown).
 * Long: on a busy phone a page's first frame can come well after a second, and starting early
 * would put the kit's setup before the host's paint.
 */
const FRAME_WAIT_LIMIT_MS = 5_000

/**
 * Resolves in the task after the page's next frame, or at once where no frame is coming (a hidden
 * tab, a server, a worker). `afterHostPaint` waits for two, around idle time, before the kit starts.
 */
export function afterFirstFrame(): Promise<void> {
  const visible = typeof document !== 'undefined' && document.visibilityState === 'visible'
  if (!visible || typeof requestAnimationFrame !== 'function') return Promise.resolve()
  return new Promise((resolve) => {
    // Whichever comes first; the others are taken back, so a disposed kit leaves nothing behind.
    const done = () => {
      document.removeEventListener('visibilitychange', done)
      clearTimeout(giveUp)
      resolve()
    }
    // A timer from the frame callback: what follows runs after the frame is painted, not before it.
    requestAnimationFrame(() => setTimeout(done, 0))
    // Hidden before its frame (switched away right after load): no frame is coming.
    document.addEventListener('visibilitychange', done)
    const giveUp = setTimeout(done, FRAME_WAIT_LIMIT_MS)
  })
}
