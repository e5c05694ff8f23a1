/**
 * The DPoP proof ids (`jti`) seen while their proofs could still be accepted (RFC 9449 §11.1).
 * Bounded: once full it refuses new ids rather than forgetting live ones, since forgetting would
 * let a captured proof be replayed. Proofs live a minute, so the cap is far above honest use.
 */
export class ProofReplayCache {
  /** Insertion order is expiry order (each id lives the same window), so the oldest is first. */
  readonly #seen = new Map<string, number>()
  readonly #maxEntries: number

  constructor(maxEntries = 100_000) {
    this.#maxEntries = maxEntries
  }

  /**
   * Records an id until `expiresAt` (ms); false when it was already seen, or the cache is full.
   */
  remember(id: string, expiresAt: number, now = Date.now()): boolean {
    for (const [seen, until] of this.#seen) {
      if (until > now) break
      this.#seen.delete(seen)
    }
    if (this.#seen.has(id) || this.#seen.size >= this.#maxEntries) return false
    this.#seen.set(id, expiresAt)
    return true
  }
}
