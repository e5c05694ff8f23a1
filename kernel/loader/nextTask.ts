/**
 * Resolves in a later task, so what follows runs in a task of its own (issue 32: every setup in
 * one task blocked a phone's page). A message, queued behind the host's own tasks as React's
 * renders are: `scheduler.yield()` would resume ahead of them and hold back the host's paint.
 */
export const nextTask = (): Promise<void> =>
  new Promise((resolve) => {
    if (typeof MessageChannel !== 'function') return void setTimeout(resolve, 0)
    const { port1, port2 } = new MessageChannel()
    port1.onmessage = () => (port1.close(), resolve())
    port2.postMessage(undefined)
  })
