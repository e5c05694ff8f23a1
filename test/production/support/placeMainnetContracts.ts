import { createPublicClient, createWalletClient, getAddress, http, maxUint256, parseAbi, parseEther, parseUnits, toHex, type Abi, type Address, type Hex } from 'viem'
import { mainnet } from 'viem/chains'
import { loadArtifact } from '../../../server/chains/loadArtifact.js'
import { compileTestContracts } from './compileTestContracts.js'

/** Ethereum mainnet's addresses of what the production test places on its own chain id 1. */
export const MAINNET = {
  multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11',
  usdc: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  weth: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
  uniswapV2Factory: '0x5C69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f',
  uniswapV2Router: '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D',
  /** Chainlink's ETH/USD feed. */
  ethUsdFeed: '0x5f4eC3Df9cbd43714FE2740f5E3616155c5b8419',
  /** Chainlink's USDC/USD feed. */
  usdcUsdFeed: '0x8fFfFfd4AfB6115b954Bd326cbe7B4BA576818f6',
} as const satisfies Record<string, Address>

/** The well-known dev mnemonic's first account: unlocked on hardhat, it deploys and funds. */
export const FUNDER: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/**
 * Deploys `bytecode` anywhere, then moves it to `target`: its runtime code (immutables included)
 * by `hardhat_setCode`, and every storage slot the constructor wrote (read from the deployment's
 * trace) by `hardhat_setStorageAt`. So the contract at `target` is as if deployed there.
 */
async function deployAt(rpcUrl: string, target: Address, abi: Abi, bytecode: Hex, args: unknown[] = []): Promise<void> {
  const transport = http(rpcUrl, { retryCount: 0 })
  const client = createPublicClient({ chain: mainnet, transport })
  const wallet = createWalletClient({ chain: mainnet, transport, account: FUNDER })
  const hash = await wallet.deployContract({ abi, bytecode, args })
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`deploying for ${target} failed`)
  const trace = (await client.request({ method: 'debug_traceTransaction' as never, params: [hash, { disableStorage: false }] as never })) as {
    structLogs: { op: string; depth: number; storage?: Record<string, string> }[]
  }
  const slots = new Set<string>()
  for (const step of trace.structLogs) if (step.depth === 1 && step.storage) for (const slot of Object.keys(step.storage)) slots.add(slot)
  const code = await client.getCode({ address: receipt.contractAddress })
  await client.request({ method: 'hardhat_setCode' as never, params: [target, code] as never })
  for (const slot of slots) {
    const key = `0x${slot.replace(/^0x/, '').padStart(64, '0')}` as Hex
    const value = await client.getStorageAt({ address: receipt.contractAddress, slot: key })
    await client.request({ method: 'hardhat_setStorageAt' as never, params: [target, key, value ?? toHex(0, { size: 32 })] as never })
  }
}

/** What the test's chain holds after `placeMainnetContracts`. */
export interface PlacedMainnet {
  /** USD per ETH the ETH/USD feed answers (8 decimals on chain). */
  ethUsd: number
  /** USD per USDC the USDC/USD feed answers. */
  usdcUsd: number
}

/**
 * Puts realistic mainnet state on a fresh hardhat chain with id 1, at mainnet's addresses:
 * Multicall3, a USDC-like ERC-20 (6 decimals), WETH9, Uniswap V2's factory and router (the npm
 * artifacts; the router's immutables name mainnet's factory and WETH), a Chainlink-style ETH/USD
 * feed and a USDC/USD one, and a funded USDC/WETH pool at the feed's price. The backend is told none of this but the
 * addresses, as it would be of Ethereum's.
 */
export async function placeMainnetContracts(rpcUrl: string, { ethUsd, usdcUsd }: PlacedMainnet): Promise<void> {
  const { TestMulticall, TestPriceFeed } = compileTestContracts()
  await deployAt(rpcUrl, MAINNET.multicall3, TestMulticall.abi, TestMulticall.bytecode)
  const token = loadArtifact('LatchTestToken')
  await deployAt(rpcUrl, MAINNET.usdc, token.abi, token.bytecode, ['USD Coin', 'USDC', 6, FUNDER, parseUnits('100000000', 6)])
  const weth = loadArtifact('WETH9')
  await deployAt(rpcUrl, MAINNET.weth, weth.abi, weth.bytecode)
  const factory = loadArtifact('UniswapV2Factory')
  await deployAt(rpcUrl, MAINNET.uniswapV2Factory, factory.abi, factory.bytecode, [FUNDER])
  const router = loadArtifact('UniswapV2Router02')
  await deployAt(rpcUrl, MAINNET.uniswapV2Router, router.abi, router.bytecode, [MAINNET.uniswapV2Factory, MAINNET.weth])
  await deployAt(rpcUrl, MAINNET.ethUsdFeed, TestPriceFeed.abi, TestPriceFeed.bytecode)
  await deployAt(rpcUrl, MAINNET.usdcUsdFeed, TestPriceFeed.abi, TestPriceFeed.bytecode)

  const transport = http(rpcUrl, { retryCount: 0 })
  const client = createPublicClient({ chain: mainnet, transport })
  const wallet = createWalletClient({ chain: mainnet, transport, account: FUNDER })
  const confirm = async (hash: Promise<Hex>) => {
    const receipt = await client.waitForTransactionReceipt({ hash: await hash, pollingInterval: 20 })
    if (receipt.status !== 'success') throw new Error(`transaction ${receipt.transactionHash} reverted`)
  }
  await confirm(wallet.writeContract({ address: MAINNET.ethUsdFeed, abi: TestPriceFeed.abi, functionName: 'setAnswer', args: [BigInt(Math.round(ethUsd * 1e8))] }))
  await confirm(wallet.writeContract({ address: MAINNET.usdcUsdFeed, abi: TestPriceFeed.abi, functionName: 'setAnswer', args: [BigInt(Math.round(usdcUsd * 1e8))] }))
  await confirm(wallet.writeContract({ address: MAINNET.usdc, abi: parseAbi(['function approve(address, uint256) returns (bool)']), functionName: 'approve', args: [MAINNET.uniswapV2Router, maxUint256] }))
  // 500 ETH against USDC at the feed's price: the pool and the feed agree, as on mainnet.
  const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600)
  await confirm(
    wallet.writeContract({
      address: MAINNET.uniswapV2Router,
      abi: router.abi,
      functionName: 'addLiquidityETH',
      args: [MAINNET.usdc, parseUnits(String(ethUsd * 500), 6), 0n, 0n, FUNDER, deadline],
      value: parseEther('500'),
    }),
  )
  const pair = await client.readContract({ address: MAINNET.uniswapV2Factory, abi: parseAbi(['function getPair(address, address) view returns (address)']), functionName: 'getPair', args: [MAINNET.usdc, MAINNET.weth] })
  if (getAddress(pair) === getAddress('0x0000000000000000000000000000000000000000')) throw new Error('the USDC/WETH pool was not created')
}
