/** SPEC §9: the last 10 calls per upstream count; stability weighs 0.7, latency 0.3. */
const SAMPLE_COUNT = 10
const STABILITY_WEIGHT = 0.7
const LATENCY_WEIGHT = 0.3

/** Thrown by a call to mean "this upstream did not answer": the pool tries the next one. */
export class UpstreamDown extends Error {
  override name = 'UpstreamDown'
}

interface Sample {
  ok: boolean
  ms: number
}

/**
 * A network's upstream RPC URLs, ranked by their recent answers (SPEC §9: stability 0.7, latency
 * 0.3, over the last 10 calls each) and tried in that order: an upstream that is down or times out
 * hands the call to the next. Ranking is by live traffic, so an upstream that failed is retried once
 * the others fail too, and climbs back as it answers.
 */
export class UpstreamPool {
  private readonly samples = new Map<string, Sample[]>()
  /** Upstreams whose check passed; one that answered the check wrongly is never used. */
  private readonly checked = new Map<string, Promise<boolean>>()

  /**
   * @param urls - best first, as configured: the order while no call has been made
   * @param check - run once per upstream before its first call (e.g. its `eth_chainId` is the
   *   network's): false excludes it for good; `UpstreamDown` leaves it to be checked again
   */
  constructor(
    readonly urls: readonly string[],
    private readonly check?: (url: string) => Promise<boolean>,
  ) {
    if (urls.length === 0) throw new Error('UpstreamPool needs at least one URL')
  }

  /**
   * Whether `url` passed its check (checked once; a check that could not reach it is retried next time).
   *
   * @throws UpstreamDown when the check could not reach it
   */
  async passes(url: string): Promise<boolean> {
    if (!this.check) return true
    const pending = this.checked.get(url) ?? this.check(url)
    this.checked.set(url, pending)
    try {
      return await pending
    } catch (error) {
      this.checked.delete(url)
      throw error
    }
  }

  /** The URLs, best first. */
  ranked(): string[] {
    const score = new Map(this.urls.map((url) => [url, this.score(url)]))
    // Stable: equal scores keep the configured order.
    return [...this.urls].sort((a, b) => score.get(b)! - score.get(a)!)
  }

  /**
   * Runs `call` on the best upstream, then the next while it throws `UpstreamDown`.
   *
   * @throws the last `UpstreamDown` when none answered; any other error at once (the node answered)
   */
  async run<T>(call: (url: string) => Promise<T>): Promise<T> {
    let last: unknown
    for (const url of this.ranked()) {
      const started = performance.now()
      try {
        if (!(await this.passes(url))) continue
        const result = await call(url)
        this.record(url, { ok: true, ms: performance.now() - started })
        return result
      } catch (error) {
        if (!(error instanceof UpstreamDown)) {
          this.record(url, { ok: true, ms: performance.now() - started })
          throw error
        }
        this.record(url, { ok: false, ms: performance.now() - started })
        last = error
      }
    }
    throw last ?? new UpstreamDown('no upstream passed its check')
  }

  private record(url: string, sample: Sample) {
    const list = this.samples.get(url) ?? []
    list.push(sample)
    if (list.length > SAMPLE_COUNT) list.shift()
    this.samples.set(url, list)
  }

  private score(url: string): number {
    const list = this.samples.get(url)
    if (!list?.length) return STABILITY_WEIGHT + LATENCY_WEIGHT * 0.5
    const stability = list.filter((sample) => sample.ok).length / list.length
    const meanMs = list.reduce((sum, sample) => sum + sample.ms, 0) / list.length
    // 0 ms scores 1, 1 s and slower score near 0.
    return STABILITY_WEIGHT * stability + LATENCY_WEIGHT * (1 / (1 + meanMs / 100))
  }
}
