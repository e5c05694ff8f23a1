/**
 * Runs `task` when the browser is idle (a short timer where it has no idle callbacks: Safari), so
 * work a view can wait for never competes with showing it; returns the cancel.
 *
 * @example
 * useEffect(() => whenIdle(() => void wallet.provider), [wallet])
 */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 1_000 })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(task, 200)
  return () => clearTimeout(id)
}
