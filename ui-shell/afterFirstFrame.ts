/** How long the kit waits for a frame that may never come: the tab was hidden right after load. */
const FRAME_WAIT_LIMIT_MS = 500

/**
 * Resolves in the task after the page's next frame, or at once where no frame is coming (a hidden
 * tab, a server, a worker). `afterHostPaint` waits for two, around idle time, before the kit starts.
 */
export function afterFirstFrame(): Promise<void> {
  const visible = typeof document !== 'undefined' && document.visibilityState === 'visible'
  if (!visible || typeof requestAnimationFrame !== 'function') return Promise.resolve()
  return new Promise((resolve) => {
    // A timer from the frame callback: the setups run after the frame is painted, not before it.
    requestAnimationFrame(() => setTimeout(resolve, 0))
    setTimeout(resolve, FRAME_WAIT_LIMIT_MS)
  })
}
