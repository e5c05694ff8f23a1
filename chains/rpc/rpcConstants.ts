/** SPEC §9: RPC timeout, batch size, and the fallback ranking's ping interval, samples and weights. */
export const RPC_TIMEOUT_MS = 10_000
export const RPC_BATCH_SIZE = 1000
export const RPC_RANK_INTERVAL_MS = 4_000
export const RPC_RANK_SAMPLE_COUNT = 10
export const RPC_RANK_WEIGHTS = { stability: 0.7, latency: 0.3 } as const
/** A ranking ping slower than this counts as unanswered (viem's default). */
export const RPC_RANK_PING_TIMEOUT_MS = 1_000
