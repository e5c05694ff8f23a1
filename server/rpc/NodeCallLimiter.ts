import { GAS_CAPPED_METHODS } from './capCallGas.js'

/** In-flight EVM executions (`eth_call`, `eth_estimateGas`) one user may have by default. */
export const DEFAULT_NODE_CALLS_PER_USER = 4

/** Users (or client IPs) tracked at once; past it a new one is refused until a slot frees. */
const MAX_TRACKED_USERS = 10_000

/**
 * Counts each user's in-flight node executions, so one user cannot keep every node worker
 * busy with capped but still costly calls while others wait. Cheap reads are not counted.
 */
export class NodeCallLimiter {
  readonly #inFlight = new Map<string, number>()

  constructor(readonly maxPerUser = DEFAULT_NODE_CALLS_PER_USER) {}

  /**
   * Runs `call` when `user` has a free slot for `method`, else returns `refused()`'s throw.
   *
   * @param user - a session user id, or a client IP for the public RPC
   * @param method - only gas-capped methods take a slot
   * @param call - the node request
   * @param refused - builds the error thrown when the user has no free slot
   * @example
   * await limiter.run(user.id, 'eth_call', () => node.request(...), () => new NodeBusyError())
   */
  async run<T>(user: string, method: string, call: () => Promise<T>, refused: () => Error): Promise<T> {
    if (!GAS_CAPPED_METHODS.has(method)) return call()
    const held = this.#inFlight.get(user) ?? 0
    if (held >= this.maxPerUser || (held === 0 && this.#inFlight.size >= MAX_TRACKED_USERS)) throw refused()
    this.#inFlight.set(user, held + 1)
    try {
      return await call()
    } finally {
      const left = (this.#inFlight.get(user) ?? 1) - 1
      if (left <= 0) this.#inFlight.delete(user)
      else this.#inFlight.set(user, left)
    }
  }
}
