import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSolanaRpc, type SolanaRpc } from '../startSolanaRpc.js'
import { connectSolanaNetwork } from './connectSolanaNetwork.js'
import { forwardSolanaRpc } from './forwardSolanaRpc.js'

// A configured cluster's upstreams are used only once their genesis hash is the configured id's.
let solana: SolanaRpc
beforeAll(async () => {
  solana = await startSolanaRpc()
})
afterAll(() => solana?.close())

describe('forwardSolanaRpc', () => {
  it('forwards to an upstream of the configured cluster, past a dead one', async () => {
    const network = connectSolanaNetwork({ caipNetworkId: solana.cluster.caipNetworkId, rpcUrls: ['http://127.0.0.1:9/down', solana.rpcUrl] })
    expect(await forwardSolanaRpc(network, 'getGenesisHash', [])).toBe(solana.cluster.genesisHash)
  })

  it('never forwards to an upstream of another cluster', async () => {
    // Mainnet-beta's id, pointed at the test's cluster by mistake.
    const network = connectSolanaNetwork({ caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', rpcUrls: [solana.rpcUrl] })
    await expect(forwardSolanaRpc(network, 'getBalance', [solana.seed.devWallet])).rejects.toThrow('Upstream node unavailable')
  })

  it('refuses a method off the allow-list without reaching the node', async () => {
    const network = connectSolanaNetwork({ caipNetworkId: solana.cluster.caipNetworkId, rpcUrls: [solana.rpcUrl] })
    const before = solana.cluster.balance(solana.seed.devWallet)
    await expect(forwardSolanaRpc(network, 'requestAirdrop', [solana.seed.devWallet, 1])).rejects.toThrow('Method not allowed: requestAirdrop')
    expect(solana.cluster.balance(solana.seed.devWallet)).toBe(before)
  })
})
