import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawnCli, stopCli } from './spawnCli.js'
import { startSolanaRpc } from '../../server/solana/startSolanaRpc.js'

// Issue 29: a configuration the CLI cannot serve stops it before anything starts, with the file,
// the field and why, and exit code 2 (as a bad flag does).
let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'latch-cli-networks-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('npm run server with networks from configuration', { timeout: 60_000 }, () => {
  it('refuses a config with a bad field, naming the file and the field', async () => {
    const config = join(dir, 'latch.config.json')
    await writeFile(config, JSON.stringify({ networks: [{ caipNetworkId: 'eip155:1', rpcUrls: ['https://a.example'], uniswapV2: { router: '0x1' } }] }))
    await expect(spawnCli(['--port', '0', '--data', ':memory:', '--config', config, '--quiet'])).rejects.toThrow(`cli exited with 2: ${config}: /networks/0/uniswapV2 must have required property 'factory'`)
  })

  it('refuses --no-local-chains with no network, and a --chain that is not one', async () => {
    await expect(spawnCli(['--port', '0', '--data', ':memory:', '--no-local-chains', '--quiet'])).rejects.toThrow(/cli exited with 2: --no-local-chains: \/networks is empty/)
    await expect(spawnCli(['--port', '0', '--data', ':memory:', '--chain', 'eip155:1', '--quiet'])).rejects.toThrow('cli exited with 2: --chain eip155:1: needs = between the network id and its RPC URLs, e.g. eip155:1=https://rpc.example')
  })

  it("reads the providers from the config file: a configured one is no longer listed as refused; one whose secret is missing stops it", async () => {
    const farcaster = { relayUrl: 'https://relay.farcaster.xyz', optimismRpcUrl: 'https://mainnet.optimism.io' }
    const config = join(dir, 'providers.config.json')
    await writeFile(config, JSON.stringify({ localChains: false, networks: [{ caipNetworkId: 'eip155:1', rpcUrls: ['http://127.0.0.1:9/down'] }], farcaster }))
    const cli = await spawnCli(['--port', '0', '--data', ':memory:', '--config', config, '--quiet'])
    try {
      // Printed just after the ready line.
      await expect.poll(() => cli.output(), { timeout: 15_000 }).toMatch(/Not configured, so refused: .*on-ramp orders/)
      expect(cli.output()).not.toContain('Farcaster login')
    } finally {
      await stopCli(cli)
    }
    await writeFile(config, JSON.stringify({ localChains: false, networks: [{ caipNetworkId: 'eip155:1', rpcUrls: ['http://127.0.0.1:9/down'] }], onramp: { provider: 'moonpay', checkoutUrl: 'https://buy.moonpay.com', apiKey: 'pk_live' } }))
    await expect(spawnCli(['--port', '0', '--data', ':memory:', '--config', config, '--quiet'], { LATCH_ONRAMP_SECRET_KEY: '', LATCH_ONRAMP_WEBHOOK_SECRET: '' })).rejects.toThrow(
      `cli exited with 2: ${config}: /onramp: An on-ramp provider needs LATCH_ONRAMP_SECRET_KEY, LATCH_ONRAMP_WEBHOOK_SECRET`,
    )
  })

  it('serves a Solana cluster named by --chain alone, without local chains: proxy and balances from its node', async () => {
    const solana = await startSolanaRpc()
    const caip = solana.cluster.caipNetworkId
    try {
      const cli = await spawnCli(['--port', '0', '--data', ':memory:', '--no-local-chains', '--chain', `${caip}=${solana.rpcUrl}`, '--quiet'])
      try {
        const post = await fetch(`${cli.url}/v1?chainId=${caip}&projectId=latch-dev`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getGenesisHash', params: [] }) })
        expect(await post.json()).toEqual({ jsonrpc: '2.0', id: 1, result: solana.cluster.genesisHash })
        const balances = await (await fetch(`${cli.url}/v1/account/${solana.seed.devWallet}/balance?projectId=latch-dev&chainId=${caip}`)).json()
        // No token list: SOL only, and no price without a configured table.
        expect(balances).toEqual({ balances: [expect.objectContaining({ symbol: 'SOL', price: 0, quantity: { decimals: '9', numeric: String(Number(solana.cluster.balance(solana.seed.devWallet)) / 1e9) } })] })
      } finally {
        await stopCli(cli)
      }
    } finally {
      await solana.close()
    }
  })
})
