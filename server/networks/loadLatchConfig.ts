import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { createStrictAjv } from '../plugins/projects/createStrictAjv.js'
import { NetworkConfigError } from '../errors/networks.js'
import { latchConfigSchema } from './configSchema.js'
import { loadTokenList } from './loadTokenList.js'
import { parseChainFlag } from './parseChainFlag.js'
import type { EvmNetworkConfig, LatchConfig, ProviderSettingsFile, SolanaNetworkConfig } from './NetworkConfig.js'

const isLatchConfig = createStrictAjv().compile<LatchConfig>(latchConfigSchema)

/** The configuration the backend runs: networks with their token lists resolved. */
export interface ResolvedNetworks {
  networks: EvmNetworkConfig[]
  /** Configured Solana clusters (`solana:…` entries of `networks[]` and `--chain`). */
  solanaNetworks: SolanaNetworkConfig[]
  /** Whether the backend starts its own local chains too (the dev stack). */
  localChains: boolean
  prices?: Record<string, number>
  /** The file's provider keys, checked but not resolved: `resolveProviderSettings` lays the flags over them. */
  providers: ProviderSettingsFile
}

/** What the command line says about networks. */
export interface NetworkFlags {
  /** `--config FILE` */
  config?: string
  /** `--chain caip=url[,url]`, repeatable: added to (or replacing the upstreams of) the file's networks. */
  chains?: string[]
  /** `--token-list FILE|URL`: instead of the file's `tokenList`. */
  tokenList?: string
  /** `--no-local-chains` */
  noLocalChains?: boolean
}

/**
 * Reads `--config`, `--chain`, `--token-list` and `--no-local-chains` into one configuration,
 * checked against `latchConfigSchema`; a token list's tokens go to the networks of their chain id.
 * With nothing given it is the dev stack: local chains only.
 *
 * @throws NetworkConfigError naming the file (or flag) and the first bad field
 * @throws TokenListError when the token list cannot be read
 */
export async function loadLatchConfig(flags: NetworkFlags): Promise<ResolvedNetworks> {
  const file = flags.config ? readConfigFile(flags.config) : {}
  const byId = new Map<string, EvmNetworkConfig | SolanaNetworkConfig>()
  for (const network of file.networks ?? []) {
    if (byId.has(network.caipNetworkId))
      throw new NetworkConfigError({ source: flags.config!, field: '/networks', reason: `lists ${network.caipNetworkId} twice` })
    byId.set(network.caipNetworkId, { ...network })
  }
  for (const flag of flags.chains ?? []) {
    const { caipNetworkId, rpcUrls } = parseChainFlag(flag)
    byId.set(caipNetworkId, { ...byId.get(caipNetworkId), caipNetworkId, rpcUrls })
  }
  const listSource = flags.tokenList ?? (file.tokenList && flags.config && !/^https?:\/\//.test(file.tokenList) ? resolve(dirname(flags.config), file.tokenList) : file.tokenList)
  const listed = listSource ? await loadTokenList(listSource) : []
  const isSolana = (network: EvmNetworkConfig | SolanaNetworkConfig): network is SolanaNetworkConfig => network.caipNetworkId.startsWith('solana:')
  const solanaNetworks = [...byId.values()].filter(isSolana)
  const networks = [...byId.values()].filter((network): network is EvmNetworkConfig => !isSolana(network)).map((network) => {
    const chainId = Number(network.caipNetworkId.split(':')[1])
    const own = network.tokens ?? []
    const known = new Set(own.map((token) => token.address.toLowerCase()))
    const fromList = listed.filter((token) => token.chainId === chainId && !known.has(token.address.toLowerCase()))
    return { ...network, tokens: [...own, ...fromList] }
  })
  const localChains = flags.noLocalChains ? false : (file.localChains ?? true)
  if (!localChains && networks.length === 0 && solanaNetworks.length === 0)
    throw new NetworkConfigError({ source: flags.config ?? '--no-local-chains', field: '/networks', reason: 'is empty: without the local chains, name at least one network (--chain or networks[])' })
  const { publicUrl, secureSitePublicUrl, onramp, farcaster, bundlers, social } = file
  const providers = Object.fromEntries(Object.entries({ publicUrl, secureSitePublicUrl, onramp, farcaster, bundlers, social }).filter(([, value]) => value !== undefined))
  return { networks, solanaNetworks, localChains, ...(file.prices ? { prices: file.prices } : {}), providers }
}

function readConfigFile(path: string): LatchConfig {
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new NetworkConfigError({ source: path, field: '', reason: error instanceof Error ? `cannot be read: ${error.message}` : 'cannot be read', cause: error })
  }
  if (!isLatchConfig(parsed)) {
    const first = isLatchConfig.errors?.[0]
    const extra = first?.keyword === 'additionalProperties' ? ` (${String((first.params as { additionalProperty?: string }).additionalProperty)})` : ''
    // A bad key (`propertyNames`): Ajv names it beside the error, not in the path.
    const key = first?.propertyName === undefined ? '' : ` key ${first.propertyName}`
    throw new NetworkConfigError({ source: path, field: `${first?.instancePath ?? ''}${key}`, reason: `${first?.message ?? 'is invalid'}${extra}` })
  }
  return parsed
}
