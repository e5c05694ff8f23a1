import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawnCli } from './spawnCli.js'

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
})
