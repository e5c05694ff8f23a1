import type { SerializedResponse } from './SerializedResponse.js'

/**
 * Serialized answers by key, for one source of data with a version (the wallet catalogue): a
 * new version empties the cache, so nothing stale is ever served. Least recently used entries
 * go first once the bytes held pass `maxBytes`, which bounds what hostile queries can fill.
 */
export class ResponseCache {
  readonly #entries = new Map<string, SerializedResponse>()
  #bytes = 0
  #version: number | undefined

  constructor(readonly maxBytes: number) {}

  /**
   * The cached answer for `key` at `version`, built (and kept) on a miss.
   *
   * @param key - everything the answer depends on besides the version
   * @param version - the data's version, e.g. `catalogue.version`
   * @param build - makes the answer on a miss
   * @returns the serialized answer
   * @example
   * const page = cache.get(`page:${page}`, catalogue.version, () => serializeResponse(selectWallets(catalogue, query)))
   */
  get(key: string, version: number, build: () => SerializedResponse): SerializedResponse {
    if (version !== this.#version) this.clear(version)
    const hit = this.#entries.get(key)
    if (hit) {
      // Re-inserting moves the key to the end of the Map's order: the most recently used.
      this.#entries.delete(key)
      this.#entries.set(key, hit)
      return hit
    }
    const built = build()
    this.#entries.set(key, built)
    this.#bytes += built.body.length
    for (const [oldKey, old] of this.#entries) {
      if (this.#bytes <= this.maxBytes || oldKey === key) break
      this.#entries.delete(oldKey)
      this.#bytes -= old.body.length
    }
    return built
  }

  /** How many answers are held. */
  get size(): number {
    return this.#entries.size
  }

  /** Empties the cache, e.g. when the data changes. */
  clear(version?: number): void {
    this.#entries.clear()
    this.#bytes = 0
    this.#version = version
  }
}
