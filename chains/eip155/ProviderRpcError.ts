/** EIP-1193's error codes the kit's own provider raises. */
export const ProviderErrorCode = {
  UserRejected: 4001,
  Unauthorized: 4100,
  UnsupportedMethod: 4200,
  Disconnected: 4900,
  UnrecognizedChain: 4902,
} as const

/**
 * An EIP-1193 `ProviderRpcError`. Not a KitError: EIP-1193 callers (viem, wagmi, ethers) branch
 * on a numeric `code`, which a KitError's registered string code cannot be.
 */
export class ProviderRpcError extends Error {
  override name = 'ProviderRpcError'
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}
