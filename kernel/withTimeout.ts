/**
 * Races a promise against a deadline. `onLate` receives the promise's outcome if it
 * settles after the deadline, so whatever it set up can still be torn down.
 */
export function withTimeout<T>(
  promise: Promise<T>,
  timeoutMs: number,
  makeError: () => Error,
  onLate?: (result: PromiseSettledResult<T>) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let late = false
    const timer = setTimeout(() => {
      late = true
      reject(makeError())
    }, timeoutMs)
    promise.then(
      (value) => {
        if (late) return onLate?.({ status: 'fulfilled', value })
        clearTimeout(timer)
        resolve(value)
      },
      (reason: unknown) => {
        if (late) return onLate?.({ status: 'rejected', reason })
        clearTimeout(timer)
        reject(reason)
      },
    )
  })
}
