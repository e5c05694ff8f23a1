import { NetworkConfigError } from '../errors/networks.js'
import { SOLANA_CAIP_PATTERN } from './configSchema.js'

/**
 * One `--chain <caipNetworkId>=<rpcUrl>[,<rpcUrl>…]` flag: the network (EVM `eip155:…` or Solana
 * `solana:<genesis hash prefix>`) and its upstreams, best first.
 *
 * @example
 * parseChainFlag('eip155:1=https://a.example,https://b.example')
 * // { caipNetworkId: 'eip155:1', rpcUrls: ['https://a.example', 'https://b.example'] }
 * @throws NetworkConfigError naming the flag when it is not of that shape
 */
export function parseChainFlag(flag: string): { caipNetworkId: string; rpcUrls: string[] } {
  const equals = flag.indexOf('=')
  const caipNetworkId = equals > 0 ? flag.slice(0, equals) : ''
  const rpcUrls = equals > 0 ? flag.slice(equals + 1).split(',').filter(Boolean) : []
  if (equals < 0) throw new NetworkConfigError({ source: `--chain ${flag}`, reason: 'needs = between the network id and its RPC URLs, e.g. eip155:1=https://rpc.example' })
  if (!/^eip155:[1-9][0-9]{0,15}$/.test(caipNetworkId) && !new RegExp(SOLANA_CAIP_PATTERN).test(caipNetworkId))
    throw new NetworkConfigError({ source: `--chain ${flag}`, reason: 'must start with an EVM or Solana network id, e.g. eip155:1=https://rpc.example or solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp=https://solana.example' })
  if (rpcUrls.length === 0) throw new NetworkConfigError({ source: `--chain ${flag}`, reason: 'names no RPC URL after =' })
  for (const url of rpcUrls)
    if (!/^https?:\/\//.test(url)) throw new NetworkConfigError({ source: `--chain ${flag}`, reason: `${url} is not an http(s) URL` })
  return { caipNetworkId, rpcUrls }
}
