import { createPublicClient, createWalletClient, http, parseAbi, parseUnits, type Chain, type HDAccount } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import type { Deployment } from '../../server/plugins/services/Deployment.js'

// The catalogue's collector (dev account #6): an account with NFTs and a short history, for the
// Account view's NFTs and Activity tabs. It never spends, so its ETH balance stays the same; the
// dev account (#0, which deployed everything) gives it two Latch Lanterns and some USDC once per
// stack, the first time a view asks.

const DEV_MNEMONIC = 'test test test test test test test test test test test junk'
export const COLLECTOR = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 6 })
const DEPLOYER: HDAccount = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 0 })
const ERC721 = parseAbi(['function balanceOf(address owner) view returns (uint256)', 'function transferFrom(address from, address to, uint256 tokenId)'])
const ERC20 = parseAbi(['function transfer(address to, uint256 value) returns (bool)'])

/** The lanterns the collector holds, by token id. */
export const COLLECTOR_LANTERNS = ['1', '2']

/**
 * Gives the collector its lanterns and 250 USDC on 31337, unless it already holds them (a second
 * view, or a second theme, on the same stack), and waits until each transfer is mined.
 */
export async function ensureCollectorHoldings(deployment: Deployment): Promise<void> {
  const local = deployment.evm.find((chain) => chain.chainId === 31337)!
  const chain: Chain = { id: 31337, name: 'Latch Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [local.rpcUrl] } } }
  const reader = createPublicClient({ chain, transport: http(local.rpcUrl) })
  const { nft, usdc } = local.contracts
  const held = await reader.readContract({ address: nft.address, abi: ERC721, functionName: 'balanceOf', args: [COLLECTOR.address] })
  if (held > 0n) return
  const deployer = createWalletClient({ chain, account: DEPLOYER, transport: http(local.rpcUrl) })
  // One at a time, in the same order every run: the Activity tab lists them newest first.
  const paid = await deployer.writeContract({ address: usdc.address, abi: ERC20, functionName: 'transfer', args: [COLLECTOR.address, parseUnits('250', usdc.decimals)] })
  await reader.waitForTransactionReceipt({ hash: paid })
  for (const tokenId of COLLECTOR_LANTERNS) {
    const hash = await deployer.writeContract({ address: nft.address, abi: ERC721, functionName: 'transferFrom', args: [DEPLOYER.address, COLLECTOR.address, BigInt(tokenId)] })
    await reader.waitForTransactionReceipt({ hash })
  }
}
