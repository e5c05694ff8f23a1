import { createRequire } from 'node:module'
import type { Abi, Hex } from 'viem'

const require = createRequire(import.meta.url)

/** An ABI and creation bytecode, as the npm packages ship them. */
export interface Artifact {
  abi: Abi
  bytecode: Hex
}

// Uniswap's artifacts carry bytecode without 0x (and under evm.bytecode too); OpenZeppelin's and
// ours with it. Deploy them as shipped: the router hard-codes the Pair's init-code hash.
const ARTIFACTS = {
  UniswapV2Factory: '@uniswap/v2-core/build/UniswapV2Factory.json',
  UniswapV2Pair: '@uniswap/v2-core/build/UniswapV2Pair.json',
  UniswapV2Router02: '@uniswap/v2-periphery/build/UniswapV2Router02.json',
  WETH9: '@uniswap/v2-periphery/build/WETH9.json',
  ERC721PresetMinterPauserAutoId: '@openzeppelin/contracts/build/contracts/ERC721PresetMinterPauserAutoId.json',
  LatchTestToken: './artifacts/LatchTestToken.json',
  EntryPoint: '@account-abstraction/contracts/artifacts/EntryPoint.json',
  LatchSmartAccountFactory: './artifacts/LatchSmartAccountFactory.json',
  LatchSmartAccount: './artifacts/LatchSmartAccount.json',
} as const

export type ArtifactName = keyof typeof ARTIFACTS

const cache = new Map<ArtifactName, Artifact>()

/**
 * Reads a contract artifact from its npm package (or ours, compiled by compileContracts.ts).
 *
 * @param name - one of the contracts the backend deploys
 * @returns its ABI and 0x-prefixed creation bytecode
 */
export function loadArtifact(name: ArtifactName): Artifact {
  const cached = cache.get(name)
  if (cached) return cached
  const json = require(ARTIFACTS[name]) as { abi: Abi; bytecode: string }
  const bytecode = (json.bytecode.startsWith('0x') ? json.bytecode : `0x${json.bytecode}`) as Hex
  const artifact = { abi: json.abi, bytecode }
  cache.set(name, artifact)
  return artifact
}
