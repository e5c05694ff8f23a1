import { describe, expect, it } from 'vitest'
import { parseCaipNetworkId } from '../caip/parseCaipNetworkId.js'
import { localEvmNetwork } from './localNetworks.js'
import { resolveRpcUrls } from './resolveRpcUrls.js'
import { SUPPORTED_NETWORKS } from './supportedNetworks.js'

describe('given the supported network list', () => {
  it('holds 27 distinct valid CAIP-2 ids: EVM networks and three Solana clusters', () => {
    expect(SUPPORTED_NETWORKS).toHaveLength(27)
    expect(new Set(SUPPORTED_NETWORKS.map((n) => n.caipNetworkId)).size).toBe(27)
    for (const network of SUPPORTED_NETWORKS) {
      const parsed = parseCaipNetworkId(network.caipNetworkId)
      expect(parsed.namespace).toBe(network.chainNamespace)
      expect(String(network.id)).toBe(parsed.reference)
    }
    expect(SUPPORTED_NETWORKS.filter((n) => n.chainNamespace === 'solana')).toHaveLength(3)
    expect(SUPPORTED_NETWORKS.filter((n) => n.chainNamespace === 'eip155')).toHaveLength(24)
  })

  it('calls the blockchain service with chainId and projectId, never a public RPC by default', () => {
    const mainnet = SUPPORTED_NETWORKS[0]!
    expect(resolveRpcUrls(mainnet)).toEqual([])
    expect(resolveRpcUrls(mainnet, { blockchainApiUrl: 'http://127.0.0.1:5545', projectId: 'latch-dev' })).toEqual([
      'http://127.0.0.1:5545/v1/?chainId=eip155%3A1&projectId=latch-dev',
    ])
  })

  it('puts the host custom URLs first and keeps a local chain on its own node', () => {
    const local = localEvmNetwork(31337, 'http://127.0.0.1:8545')
    expect(resolveRpcUrls(local, { blockchainApiUrl: 'http://127.0.0.1:5545', customRpcUrls: { 'eip155:31337': ['http://a'] } })).toEqual([
      'http://a',
      'http://127.0.0.1:8545',
    ])
  })
})
