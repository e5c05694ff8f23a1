import { createPublicClient, createWalletClient, http, parseEther, type Address } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'

// Balances and funding on a local hardhat chain (31337 or 31338), for tests that check funds on chain.

const DEV_MNEMONIC = 'test test test test test test test test test test test junk'
const chainAt = (rpcUrl: string, id: number) => ({ id, name: `Local ${id}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } })

/** The wei an address holds on the chain at `rpcUrl`. */
export function balanceOf(rpcUrl: string, address: Address, chainId = 31337): Promise<bigint> {
  return createPublicClient({ chain: chainAt(rpcUrl, chainId), transport: http(rpcUrl) }).getBalance({ address })
}

/**
 * Sends `ether` to `to` from one of the dev mnemonic's accounts and waits for the receipt. Give
 * each test file its own `addressIndex`, so files running at once never race on a nonce.
 */
export async function fundFromDevAccount(rpcUrl: string, to: Address, ether: string, { addressIndex, chainId = 31337 }: { addressIndex: number; chainId?: number }): Promise<void> {
  const chain = chainAt(rpcUrl, chainId)
  const funder = createWalletClient({ account: mnemonicToAccount(DEV_MNEMONIC, { addressIndex }), chain, transport: http(rpcUrl) })
  await createPublicClient({ chain, transport: http(rpcUrl) }).waitForTransactionReceipt({ hash: await funder.sendTransaction({ to, value: parseEther(ether) }) })
}
