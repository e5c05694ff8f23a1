/**
 * The fixed gas limits and zero fees of every UserOperation the secure site bundles (no bundler to
 * estimate them; the bundler pays the handleOps gas itself, so a smart account spends exactly what
 * it sends). Shared by the server, which builds and submits with them, and the frame, which
 * computes the hash it signs from them.
 */
export const USER_OPERATION_GAS = { callGasLimit: 2_000_000n, verificationGasLimit: 2_000_000n, preVerificationGas: 100_000n, maxFeePerGas: 0n, maxPriorityFeePerGas: 0n } as const
