import { describe, expect, it } from 'vitest'
import { rankByPings } from './rankByPings.js'

describe('rankByPings (SPEC §9 weights: stability 0.7, latency 0.3)', () => {
  it('puts a URL that never answers last, and the steadier before the faster', () => {
    const dead = { latency: 1000, success: 0 }
    expect(rankByPings([[dead, { latency: 50, success: 1 }]])).toEqual([1, 0])
    // #0 answers every ping, slowly (0.7 + 0.3 * 0); #1 half of them, fast (0.35 + 0.3 * 0.9).
    const rounds = [
      [{ latency: 100, success: 1 }, { latency: 10, success: 1 }],
      [{ latency: 100, success: 1 }, { latency: 10, success: 0 }],
    ]
    expect(rankByPings(rounds)).toEqual([0, 1])
  })

  it('keeps the host order on a tie, and between equals prefers the faster', () => {
    const ok = { latency: 20, success: 1 }
    expect(rankByPings([[ok, ok, ok]])).toEqual([0, 1, 2])
    expect(rankByPings([[{ latency: 80, success: 1 }, { latency: 20, success: 1 }]])).toEqual([1, 0])
    expect(rankByPings([])).toEqual([])
  })
})
