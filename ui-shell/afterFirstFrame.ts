/** How long the kit waits for a frame that may never come: the tab was hidden right after load. */
const FRAME_WAIT_LIMIT_MS = 500

/**
 * Resolves in the task after the page's next frame, or at once where no frame is coming (a hidden
 * tab, a server, a worker). The kit starts its plugins there (issue 32): started in the tasks
 * right after `createKit`, their setups ran before the host's first paint and held back its button.
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
