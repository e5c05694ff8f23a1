import type { Hash, Hex } from 'viem'
import type { UserOperation } from 'viem/account-abstraction'
import type { SmartAccountChain } from '../SmartAccounts.js'

/**
 * What bundles a signed UserOperation onto a chain: the secure site itself (`localBundler`, the
 * dev default) or an external ERC-4337 bundler over its JSON-RPC (`jsonRpcBundler`).
 */
export interface Bundler {
  /**
   * @returns the hash of the mined transaction that ran the operation
   * @throws when the operation was refused, or ran and reverted
   */
  bundle(chain: SmartAccountChain, userOperation: UserOperation<'0.8'>, userOpHash: Hex): Promise<Hash>
}
