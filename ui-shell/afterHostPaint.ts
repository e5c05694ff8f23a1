import { afterFirstFrame } from './afterFirstFrame.js'
import { whenIdle } from './whenIdle.js'

/**
 * Resolves once the host page's first render has been painted, or at once where nothing is
 * painted (a hidden tab, a server, a worker). The kit starts there (issue 32). A frame alone is
 * not enough: the first one may come before the host's own render task (React renders in a task
 * of its own). So: a frame, then idle time, which comes only after the host's queued tasks, then
 * the next frame, which paints what they rendered.
 */
export function afterHostPaint(): Promise<void> {
  const visible = typeof document !== 'undefined' && document.visibilityState === 'visible'
  if (!visible) return Promise.resolve()
  return afterFirstFrame()
    .then(() => new Promise<void>((resolve) => void whenIdle(resolve)))
    .then(afterFirstFrame)
}
