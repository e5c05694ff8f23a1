import type { Network } from './Network.js'

/**
 * A local EVM dev chain of the reference backend (hardhat 31337 and 31338).
 *
 * @param chainId - the chain id the node runs
 * @param rpcUrl - the node's HTTP URL
 * @returns the Network
 *
 * @example
 * localEvmNetwork(31337, 'http://127.0.0.1:8545')
 */
export function localEvmNetwork(chainId: number, rpcUrl: string): Network {
  return {
    id: chainId,
    caipNetworkId: `eip155:${chainId}`,
    chainNamespace: 'eip155',
    name: chainId === 31337 ? 'Latch Local' : `Latch Local ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    // The reference backend draws each local chain its own coin (`latch-local`, `latch-local-2`).
    assets: { imageId: chainId === 31337 ? 'latch-local' : 'latch-local-2' },
    testnet: true,
  }
}

/**
 * The backend's local Solana cluster. Its CAIP-2 reference is the first 32 characters of
 * the cluster's genesis hash, as for the public clusters.
 *
 * @param rpcUrl - the local JSON-RPC URL
 * @param genesisHash - what the cluster answers to `getGenesisHash`
 */
export function localSolanaNetwork(rpcUrl: string, genesisHash: string): Network {
  const reference = genesisHash.slice(0, 32)
  return {
    id: reference,
    caipNetworkId: `solana:${reference}`,
    chainNamespace: 'solana',
    name: 'Solana Local',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [rpcUrl] } },
    assets: { imageId: 'solana-local' },
    testnet: true,
  }
}

/** Polkadot relay chain (genesis hash prefix), for connecting extensions; no RPC is called. */
export const POLKADOT_NETWORK: Network = {
  id: '91b171bb158e2d3848fa23a9f1c25182',
  caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
  assets: { imageId: 'polkadot-91b171bb158e2d3848fa23a9f1c25182' },
  chainNamespace: 'polkadot',
  name: 'Polkadot',
  nativeCurrency: { name: 'Polkadot', symbol: 'DOT', decimals: 10 },
  rpcUrls: { default: { http: [] } },
}

/** Bitcoin mainnet (genesis block hash prefix); payment accounts only. */
export const BITCOIN_NETWORK: Network = {
  id: '000000000019d6689c085ae165831e93',
  caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
  assets: { imageId: 'bip122-000000000019d6689c085ae165831e93' },
  chainNamespace: 'bip122',
  name: 'Bitcoin',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrls: { default: { http: [] } },
}

/** Bitcoin testnet. */
export const BITCOIN_TESTNET_NETWORK: Network = {
  id: '000000000933ea01ad0ee984209779ba',
  caipNetworkId: 'bip122:000000000933ea01ad0ee984209779ba',
  assets: { imageId: 'bip122-000000000933ea01ad0ee984209779ba' },
  chainNamespace: 'bip122',
  name: 'Bitcoin Testnet',
  nativeCurrency: { name: 'Bitcoin', symbol: 'tBTC', decimals: 8 },
  rpcUrls: { default: { http: [] } },
  testnet: true,
}
