import { createClient, http, type Hash, type Hex } from 'viem'
import { formatUserOperationGas, formatUserOperationReceipt, formatUserOperationRequest, type UserOperation } from 'viem/account-abstraction'
import { BundlerFailedError, ChainRpcFailedError, SponsorshipRefusedError } from '../errors.js'
import { USER_OPERATION_GAS } from '../userOperationGas.js'
import type { Bundler } from './Bundler.js'

/** How long a sent operation may take to be mined before the send fails. */
const RECEIPT_TIMEOUT_MS = 60_000
const GAS_LIMITS = ['callGasLimit', 'verificationGasLimit', 'preVerificationGas'] as const

/**
 * An external ERC-4337 bundler over its JSON-RPC: `eth_estimateUserOperationGas`, then
 * `eth_sendUserOperation`, then `eth_getUserOperationReceipt` until mined. The sponsorship
 * policy is checked on the estimate before anything is sent: the operation keeps the fixed gas
 * limits its owner signed (`USER_OPERATION_GAS`), and one the bundler estimates above them is
 * refused (`SponsorshipRefusedError`), never re-signed with more gas. The operations carry zero
 * fees: the bundler must be one that bundles the operator's sponsored operations (no paymaster).
 *
 * @param url - the bundler's JSON-RPC endpoint for this chain
 */
export function jsonRpcBundler(url: string): Bundler {
  const client = createClient({ transport: http(url, { timeout: 15_000, retryCount: 0 }) })
  const call = async <T>(method: string, params: unknown[]): Promise<T> => {
    try {
      return (await client.request({ method: method as never, params: params as never })) as T
    } catch (error) {
      throw new BundlerFailedError({ cause: error })
    }
  }
  return {
    async bundle(chain, userOperation: UserOperation<'0.8'>, userOpHash: Hex): Promise<Hash> {
      const entryPoint = chain.contracts.entryPoint
      const request = formatUserOperationRequest(userOperation)
      const estimate = formatUserOperationGas(await call('eth_estimateUserOperationGas', [request, entryPoint]))
      for (const limit of GAS_LIMITS) if ((estimate[limit] ?? 0n) > USER_OPERATION_GAS[limit]) throw new SponsorshipRefusedError({ limit })
      const sent = await call<Hex>('eth_sendUserOperation', [request, entryPoint])
      if (sent.toLowerCase() !== userOpHash.toLowerCase()) throw new BundlerFailedError({ cause: new Error(`the bundler named another operation: ${sent}`) })
      const deadline = Date.now() + RECEIPT_TIMEOUT_MS
      for (;;) {
        const raw = await call<Record<string, unknown> | null>('eth_getUserOperationReceipt', [userOpHash])
        if (raw) {
          const receipt = formatUserOperationReceipt(raw as never)
          if (!receipt.success) throw new ChainRpcFailedError({ message: `UserOperation ${userOpHash} reverted (transaction ${receipt.receipt.transactionHash})` })
          return receipt.receipt.transactionHash
        }
        if (Date.now() > deadline) throw new BundlerFailedError({ cause: new Error(`UserOperation ${userOpHash} was not mined in time`) })
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
    },
  }
}
