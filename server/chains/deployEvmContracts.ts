import {
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  maxUint256,
  parseEther,
  parseUnits,
  toHex,
  type Address,
  type Chain,
  type Hash,
  type PublicClient,
  type WalletClient,
} from 'viem'
import { loadArtifact, type ArtifactName } from './loadArtifact.js'
import { BUNDLER_ADDRESS } from './bundlerAccount.js'

/** Accounts of the well-known dev mnemonic (`test test … junk`), unlocked on hardhat. */
export const DEV_ACCOUNTS = {
  /** Deployer and the dev user's wallet: holds the tokens, NFTs and the spam NFT. */
  deployer: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  /** Sends the spam NFT, so it arrives from a stranger. */
  spammer: '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
  /** Pays on-ramp checkouts (account 8), so it never races the dev account's nonces. */
  faucet: '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f',
} as const satisfies Record<string, Address>

/** A test ERC20 on a local chain. */
export interface DeployedToken {
  address: Address
  name: string
  symbol: string
  decimals: number
}

/** A test ERC721 collection on a local chain. */
export interface DeployedCollection {
  address: Address
  name: string
  symbol: string
  /** Token ids held by the dev account. */
  tokenIds: string[]
  spam: boolean
}

/** Everything deployed on one EVM chain at boot. */
export interface EvmContracts {
  /** 6 decimals, like USDC. */
  usdc: DeployedToken
  /** 18 decimals. */
  ltk: DeployedToken
  /** 0 decimals: the kit must hide it (SPEC §5). */
  dust: DeployedToken
  weth: DeployedToken
  factory: Address
  router: Address
  /** Pool addresses, keyed `USDC/WETH`, `LTK/WETH`, `USDC/LTK`. */
  pairs: Record<string, Address>
  nft: DeployedCollection
  spamNft: DeployedCollection
  /** ERC-4337 v0.8 EntryPoint (the @account-abstraction/contracts 0.8.0 artifact). */
  entryPoint: Address
  /** Our LatchSmartAccountFactory: SimpleAccount-compatible accounts with ERC-1271. */
  smartAccountFactory: Address
  /** Block from which the history indexer reads. */
  deployedAtBlock: number
}

/**
 * Deploys the backend's contracts on a fresh hardhat chain from the npm packages' artifacts:
 * WETH, a Uniswap V2 factory and router, three test ERC20s, funded pools, an NFT collection with
 * items for the dev account, and a spam collection that sends the dev account one item.
 *
 * @param rpcUrl - the hardhat node's own URL
 * @param chain - the viem chain (id and currency)
 * @returns the deployed addresses
 */
export async function deployEvmContracts(rpcUrl: string, chain: Chain): Promise<EvmContracts> {
  const transport = http(rpcUrl, { batch: false, retryCount: 0 })
  const publicClient = createPublicClient({ chain, transport })
  const wallet = createWalletClient({ chain, transport, account: DEV_ACCOUNTS.deployer })
  const spammer = createWalletClient({ chain, transport, account: DEV_ACCOUNTS.spammer })
  const deployedAtBlock = Number(await publicClient.getBlockNumber())
  const deploy = async (name: ArtifactName, args: unknown[] = []) => {
    const { abi, bytecode } = loadArtifact(name)
    const hash = await wallet.deployContract({ abi, bytecode, args, account: DEV_ACCOUNTS.deployer, chain })
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    if (!receipt.contractAddress) throw new Error(`Deploying ${name} produced no contract`)
    return getAddress(receipt.contractAddress)
  }
  const write = (client: WalletClient, address: Address, name: ArtifactName, functionName: string, args: unknown[], value?: bigint) =>
    confirmed(publicClient, client.writeContract({ address, abi: loadArtifact(name).abi, functionName, args, value, chain, account: client.account! }))

  const token = async (name: string, symbol: string, decimals: number, supply: string): Promise<DeployedToken> => ({
    address: await deploy('LatchTestToken', [name, symbol, decimals, DEV_ACCOUNTS.deployer, parseUnits(supply, decimals)]),
    name,
    symbol,
    decimals,
  })
  const usdc = await token('Latch USD', 'USDC', 6, '10000000')
  const ltk = await token('Latch Token', 'LTK', 18, '10000000')
  const dust = await token('Dust Points', 'DUST', 0, '1000000')
  const weth: DeployedToken = { address: await deploy('WETH9'), name: 'Wrapped Ether', symbol: 'WETH', decimals: 18 }
  const factory = await deploy('UniswapV2Factory', [DEV_ACCOUNTS.deployer])
  const router = await deploy('UniswapV2Router02', [factory, weth.address])

  for (const erc20 of [usdc, ltk]) await write(wallet, erc20.address, 'LatchTestToken', 'approve', [router, maxUint256])
  const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600)
  // Prices the pools imply: 1 ETH = 3,000 USDC = 1,500 LTK, so 1 LTK = 2 USDC.
  await write(wallet, router, 'UniswapV2Router02', 'addLiquidityETH', [usdc.address, parseUnits('300000', 6), 0n, 0n, DEV_ACCOUNTS.deployer, deadline], parseEther('100'))
  await write(wallet, router, 'UniswapV2Router02', 'addLiquidityETH', [ltk.address, parseUnits('150000', 18), 0n, 0n, DEV_ACCOUNTS.deployer, deadline], parseEther('100'))
  await write(wallet, router, 'UniswapV2Router02', 'addLiquidity', [
    usdc.address,
    ltk.address,
    parseUnits('200000', 6),
    parseUnits('100000', 18),
    0n,
    0n,
    DEV_ACCOUNTS.deployer,
    deadline,
  ])
  const pairOf = async (a: Address, b: Address) =>
    (await publicClient.readContract({ address: factory, abi: loadArtifact('UniswapV2Factory').abi, functionName: 'getPair', args: [a, b] })) as Address
  const pairs = {
    'USDC/WETH': await pairOf(usdc.address, weth.address),
    'LTK/WETH': await pairOf(ltk.address, weth.address),
    'USDC/LTK': await pairOf(usdc.address, ltk.address),
  }

  await write(wallet, usdc.address, 'LatchTestToken', 'transfer', [DEV_ACCOUNTS.faucet, parseUnits('1000000', 6)])

  const nftAddress = await deploy('ERC721PresetMinterPauserAutoId', ['Latch Lanterns', 'LANTERN', 'http://localhost/nft/'])
  for (let i = 0; i < 3; i++) await write(wallet, nftAddress, 'ERC721PresetMinterPauserAutoId', 'mint', [DEV_ACCOUNTS.deployer])
  const spamAddress = await deploy('ERC721PresetMinterPauserAutoId', ['Claim Your Reward', 'CLAIM', 'http://localhost/spam/'])
  await write(wallet, spamAddress, 'ERC721PresetMinterPauserAutoId', 'mint', [DEV_ACCOUNTS.spammer])
  await write(spammer, spamAddress, 'ERC721PresetMinterPauserAutoId', 'transferFrom', [DEV_ACCOUNTS.spammer, DEV_ACCOUNTS.deployer, 0n])

  // ERC-4337: the secure site's bundler key (bundlerAccount.ts) submits handleOps, so it needs gas.
  const entryPoint = await deploy('EntryPoint')
  const smartAccountFactory = await deploy('LatchSmartAccountFactory', [entryPoint])
  await publicClient.request({ method: 'hardhat_setBalance' as never, params: [BUNDLER_ADDRESS, toHex(parseEther('1000'))] as never })

  return {
    usdc,
    ltk,
    dust,
    weth,
    factory,
    router,
    pairs,
    nft: { address: nftAddress, name: 'Latch Lanterns', symbol: 'LANTERN', tokenIds: ['0', '1', '2'], spam: false },
    spamNft: { address: spamAddress, name: 'Claim Your Reward', symbol: 'CLAIM', tokenIds: ['0'], spam: true },
    entryPoint,
    smartAccountFactory,
    deployedAtBlock,
  }
}

async function confirmed(publicClient: PublicClient, pending: Promise<Hash>): Promise<void> {
  const receipt = await publicClient.waitForTransactionReceipt({ hash: await pending, pollingInterval: 20 })
  if (receipt.status !== 'success') throw new Error(`Deployment transaction ${receipt.transactionHash} reverted`)
}
