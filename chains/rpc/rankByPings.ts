import { RPC_RANK_WEIGHTS } from './rpcConstants.js'

/** One ping of one URL: how long it took, and 1 if it answered, else 0. */
export interface PingSample {
  latency: number
  success: number
}

/**
 * Orders URLs best first from their recent pings, as viem's fallback ranking scores them
 * (SPEC §9): stability (share of answered pings) weighs 0.7, latency (1 - mean / slowest) 0.3,
 * and a URL that answered none of its pings scores 0.
 *
 * @param samples - rounds of pings, oldest first; each round has one sample per URL
 * @returns URL indexes, best first (ties keep the host's order)
 */
export function rankByPings(samples: readonly (readonly PingSample[])[]): number[] {
  const count = samples[0]?.length ?? 0
  const maxLatency = Math.max(0, ...samples.flatMap((round) => round.map((s) => s.latency)))
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length
  return Array.from({ length: count }, (_, index) => {
    const stability = mean(samples.map((round) => round[index]!.success))
    const latency = maxLatency > 0 ? 1 - mean(samples.map((round) => round[index]!.latency)) / maxLatency : 1
    return { index, score: stability === 0 ? 0 : RPC_RANK_WEIGHTS.stability * stability + RPC_RANK_WEIGHTS.latency * latency }
  })
    .sort((a, b) => b.score - a.score)
    .map(({ index }) => index)
}
