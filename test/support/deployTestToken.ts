import { createRequire } from 'node:module'
import { createPublicClient, createWalletClient, http, parseEther, type Address, type Hex, type LocalAccount } from 'viem'

const require = createRequire(import.meta.url)

/**
 * Deploys OpenZeppelin 4.9.6's ERC20PresetFixedSupply (shipped bytecode, no compiler) to a
 * local node, minting 1,000,000 tokens to the account.
 */
export async function deployTestToken(rpcUrl: string, account: LocalAccount, symbol = 'LTT'): Promise<Address> {
  const artifact = require('@openzeppelin/contracts/build/contracts/ERC20PresetFixedSupply.json') as { abi: unknown[]; bytecode: Hex }
  const wallet = createWalletClient({ account, transport: http(rpcUrl) })
  const reader = createPublicClient({ transport: http(rpcUrl) })
  const chainId = await reader.getChainId()
  const hash = await wallet.deployContract({
    abi: artifact.abi,
    bytecode: artifact.bytecode,
    args: [`Latch Test ${symbol}`, symbol, parseEther('1000000'), account.address],
    chain: { id: chainId, name: 'local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } },
  })
  const receipt = await reader.waitForTransactionReceipt({ hash })
  return receipt.contractAddress!
}
