import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { expect, vi } from 'vitest'
import { startHardhatNode, type HardhatNode } from '../../../server/chains/startHardhatNode.js'
import type { LatchConfig } from '../../../server/networks/NetworkConfig.js'
import { bundleHostApp, writeReadmeHostPage } from '../../support/buildPackedApp.js'
import { spawnCli, stopCli, type RunningCli } from '../../server/spawnCli.js'
import { MAINNET, placeMainnetContracts } from './placeMainnetContracts.js'

const repo = resolve(import.meta.dirname, '../../..')
export const ETH_USD = 2345.67
export const USDC_USD = 0.9997

/** A started chain id 1 with mainnet's contracts, the backend serving it by its CLI, and the README's page on that backend. */
export interface MainnetShapedStack {
  node: HardhatNode
  backend: RunningCli
  /** The secure site's origin, as the CLI prints it. */
  secureSiteUrl: string
  close(): Promise<void>
}

export interface MainnetShapedStackOptions {
  /** Runs once the chain holds mainnet's contracts, before the backend starts (funding, transfers to find in history). */
  onChain?(node: HardhatNode): Promise<void>
  /** Provider keys laid over the config file (`social`, `onramp`…), as an operator writes them; read after `onChain`. */
  providers?(): Partial<LatchConfig>
  /** The secrets the operator keeps in the environment (`LATCH_SOCIAL_GITHUB_SECRET`, `LATCH_ONRAMP_*`); read after `onChain`. */
  env?(): Record<string, string>
  /** Changes the README's page before it is bundled (adds plugins the snippet leaves out); the page stays the README's otherwise. */
  hostPage?(main: string, stack: { secureSiteUrl: string }): string
}

/**
 * Starts what issue 29's production suite runs against: the test, not the backend, starts a
 * hardhat node with chain id 1 and places mainnet's contracts at mainnet's addresses; the backend
 * is started by its CLI with --no-local-chains and a config naming only that RPC (behind a dead
 * upstream it must fall back from), price feeds, the Uniswap V2 addresses and a token-list file;
 * the README's host page is bundled as a dapp would against the built package and served by it.
 */
export async function startMainnetShapedStack(options: MainnetShapedStackOptions = {}): Promise<MainnetShapedStack> {
  const root = await mkdtemp(join(tmpdir(), 'latch-production-'))
  const node = await startHardhatNode({ chainId: 1 })
  let backend: RunningCli | undefined
  const close = async () => {
    if (backend) await stopCli(backend)
    await node.stop()
    await rm(root, { recursive: true, force: true })
  }
  try {
    await placeMainnetContracts(node.rpcUrl, { ethUsd: ETH_USD, usdcUsd: USDC_USD })
    await options.onChain?.(node)

    // The operator's files: a Uniswap token list and a config naming only this chain.
    const tokenList = { name: 'Test list', timestamp: new Date().toISOString(), version: { major: 1, minor: 0, patch: 0 }, tokens: [{ chainId: 1, address: MAINNET.usdc, name: 'USD Coin', symbol: 'USDC', decimals: 6 }] }
    await writeFile(join(root, 'tokens.json'), JSON.stringify(tokenList))
    const config: LatchConfig = {
      tokenList: 'tokens.json',
      networks: [
        {
          caipNetworkId: 'eip155:1',
          name: 'Ethereum',
          // The first upstream is down: the proxy and the backend's own reads fall back to the node.
          rpcUrls: ['http://127.0.0.1:9/down', node.rpcUrl],
          priceFeeds: { ETH: MAINNET.ethUsdFeed, WETH: MAINNET.ethUsdFeed, USDC: MAINNET.usdcUsdFeed },
          uniswapV2: { router: MAINNET.uniswapV2Router, factory: MAINNET.uniswapV2Factory, weth: MAINNET.weth },
          history: { fromBlock: 0, maxBlockRange: 5 },
        },
      ],
      ...options.providers?.(),
    }
    await writeFile(join(root, 'latch.config.json'), JSON.stringify(config))

    // The README's host page, bundled as a dapp would against the built package (`latch` resolves to this repository).
    const app = join(root, 'app')
    await mkdir(join(app, 'node_modules'), { recursive: true })
    await symlink(repo, join(app, 'node_modules/latch'))
    await mkdir(join(app, 'dist'))
    backend = await spawnCli(['--port', '0', '--data', ':memory:', '--config', join(root, 'latch.config.json'), '--no-local-chains', '--static', join(app, 'dist'), '--quiet'], options.env?.())
    const printed = backend
    // Printed just after the ready line the spawn waits for.
    const secureSiteUrl = await vi.waitFor(() => /Secure site \(embedded wallet\): (\S+)/.exec(printed.output())![1]!, { timeout: 15_000, interval: 50 })
    expect(await writeReadmeHostPage(app, new URL(backend.url).host)).toContain('SUPPORTED_NETWORKS')
    if (options.hostPage) {
      const main = join(app, 'main.tsx')
      await writeFile(main, options.hostPage(await readFile(main, 'utf8'), { secureSiteUrl }))
    }
    await bundleHostApp(app, [join(repo, 'node_modules')])
    return { node, backend, secureSiteUrl, close }
  } catch (error) {
    await close()
    throw error
  }
}
