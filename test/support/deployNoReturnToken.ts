import { createRequire } from 'node:module'
import { createPublicClient, createWalletClient, http, type Address, type Hex, type LocalAccount } from 'viem'

const require = createRequire(import.meta.url)

// Like Tether's USDT on Ethereum: `transfer` returns nothing.
const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract NoReturnToken {
  mapping(address => uint256) public balanceOf;
  uint8 public constant decimals = 6;
  string public constant symbol = "USDT";
  constructor(address holder, uint256 supply) { balanceOf[holder] = supply; }
  function transfer(address to, uint256 value) external {
    require(balanceOf[msg.sender] >= value, "balance");
    balanceOf[msg.sender] -= value;
    balanceOf[to] += value;
  }
}`

/** Compiles (npm solc, offline) and deploys a USDT-style token whose transfer returns no bool. */
export async function deployNoReturnToken(rpcUrl: string, account: LocalAccount, supply: bigint): Promise<Address> {
  const solc = require('solc') as { compile(input: string): string }
  const output = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { 'NoReturnToken.sol': { content: SOURCE } },
        settings: { outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
      }),
    ),
  ) as { contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>> }
  const contract = output.contracts['NoReturnToken.sol']!['NoReturnToken']!
  const reader = createPublicClient({ transport: http(rpcUrl) })
  const chainId = await reader.getChainId()
  const wallet = createWalletClient({ account, transport: http(rpcUrl) })
  const hash = await wallet.deployContract({
    abi: contract.abi,
    bytecode: `0x${contract.evm.bytecode.object}` as Hex,
    args: [account.address, supply],
    chain: { id: chainId, name: 'local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } },
  })
  return (await reader.waitForTransactionReceipt({ hash })).contractAddress!
}
