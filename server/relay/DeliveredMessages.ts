/** Ids one socket keeps at most: past it the oldest go first (a replay is at most a topic's cap). */
const MAX_REMEMBERED = 10_000

/**
 * The messages one socket has been sent, until they expire: a message read by a replay and heard
 * live, replayed again on a repeated subscribe, or re-published, reaches that socket once
 * (issue 31). The WalletConnect client dedupes too; the relay does not rely on it.
 */
export class DeliveredMessages {
  readonly #expiries = new Map<string, number>()

  /**
   * Records a delivery.
   * @returns false when the message was already sent to this socket
   */
  first(id: string, expiresAt: number): boolean {
    if (this.#expiries.has(id)) return false
    this.#expiries.set(id, expiresAt)
    if (this.#expiries.size > MAX_REMEMBERED) this.#expiries.delete(this.#expiries.keys().next().value!)
    return true
  }

  /** Forgets what expired: it cannot be delivered again. */
  prune(now: number): void {
    for (const [id, expiresAt] of this.#expiries) if (expiresAt <= now) this.#expiries.delete(id)
  }
}
