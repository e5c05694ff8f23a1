/**
 * Resolves in a later task, so what follows runs in a task of its own: the page renders and
 * handles input between two plugins' setups, and no setup lengthens another's long task (issue
 * 32). A message to ourselves, queued behind the host's own tasks (React's renders are the same
 * kind): `scheduler.yield()` would resume ahead of them and hold back the host's first paint.
 */
export function nextTask(): Promise<void> {
  if (typeof MessageChannel !== 'function') return new Promise((resolve) => setTimeout(resolve, 0))
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(undefined)
  })
}
