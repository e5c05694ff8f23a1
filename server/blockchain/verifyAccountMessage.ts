import { verifyMessage, type Address, type Hex } from 'viem'
import type { BackendServices } from '../plugins/services/BackendServices.js'

/**
 * Whether `signature` signs `message` for `address`: an EOA's ECDSA signature, or a smart
 * account's (ERC-1271 once deployed, ERC-6492 while not: the embedded wallet's default account)
 * checked on a local chain, the one named or else each in turn.
 *
 * @param chainId - CAIP-2 id of the chain the account lives on, when the message names one
 */
export async function verifyAccountMessage(services: BackendServices, { address, message, signature, chainId }: { address: Address; message: string; signature: Hex; chainId?: string }): Promise<boolean> {
  if (await verifyMessage({ address, message, signature }).catch(() => false)) return true
  const named = chainId === undefined ? undefined : services.evmChains.get(chainId)
  const chains = chainId === undefined ? [...services.evmChains.values()] : named ? [named] : []
  for (const chain of chains) if (await chain.client.verifyMessage({ address, message, signature }).catch(() => false)) return true
  return false
}
