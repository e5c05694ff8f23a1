/** Runs tasks one after another, in the order given. */
export interface SerialQueue {
  /** Runs `task` once every task given before it has settled; resolves or rejects as it does. */
  run<T>(task: () => Promise<T>): Promise<T>
}

/**
 * A queue that runs one task at a time (a failed task does not stop the next).
 *
 * @returns the queue
 * @example
 * const payments = createSerialQueue()
 * await payments.run(() => sendFromFaucet(order))
 */
export function createSerialQueue(): SerialQueue {
  let tail: Promise<unknown> = Promise.resolve()
  return {
    run(task) {
      const run = tail.then(task)
      tail = run.catch(() => undefined)
      return run
    },
  }
}
