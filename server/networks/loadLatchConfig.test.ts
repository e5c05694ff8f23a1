import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadLatchConfig } from './loadLatchConfig.js'
import { NetworkConfigError, TokenListError } from '../errors/networks.js'

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
let dir: string
const file = async (name: string, content: unknown) => {
  const path = join(dir, name)
  await writeFile(path, typeof content === 'string' ? content : JSON.stringify(content))
  return path
}
const tokenList = (tokens: unknown[]) => ({ name: 'List', timestamp: '2026-01-01T00:00:00Z', version: { major: 1, minor: 0, patch: 0 }, tokens })

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'latch-config-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('loadLatchConfig', () => {
  it('is the dev stack when nothing is given: local chains, no configured network', async () => {
    expect(await loadLatchConfig({})).toEqual({ networks: [], solanaNetworks: [], localChains: true, providers: {} })
  })

  it('reads --chain flags and hands each network the token list tokens of its chain id', async () => {
    const list = await file('list.json', tokenList([
      { chainId: 1, address: USDC.toLowerCase(), name: 'USD Coin', symbol: 'USDC', decimals: 6 },
      { chainId: 8453, address: BASE_USDC, name: 'USD Coin', symbol: 'USDC', decimals: 6 },
    ]))
    const resolved = await loadLatchConfig({ chains: ['eip155:1=https://a.example,https://b.example'], tokenList: list, noLocalChains: true })
    expect(resolved.localChains).toBe(false)
    expect(resolved.networks).toEqual([{ caipNetworkId: 'eip155:1', rpcUrls: ['https://a.example', 'https://b.example'], tokens: [{ chainId: 1, address: USDC, name: 'USD Coin', symbol: 'USDC', decimals: 6 }] }])
  })

  it('reads a config file, its token list relative to it, and lets --chain replace a network’s upstreams', async () => {
    await file('tokens.json', tokenList([{ chainId: 1, address: USDC, name: 'USD Coin', symbol: 'USDC', decimals: 6 }]))
    const config = await file('latch.config.json', {
      localChains: false,
      tokenList: 'tokens.json',
      networks: [{ caipNetworkId: 'eip155:1', rpcUrls: ['https://old.example'], priceFeeds: { ETH: '0x5f4eC3Df9cbd43714FE2740f5E3616155c5b8419' } }],
    })
    const resolved = await loadLatchConfig({ config, chains: ['eip155:1=https://new.example'] })
    expect(resolved.networks[0]).toMatchObject({ rpcUrls: ['https://new.example'], priceFeeds: { ETH: '0x5f4eC3Df9cbd43714FE2740f5E3616155c5b8419' }, tokens: [{ symbol: 'USDC' }] })
  })

  it('refuses a config naming the bad field, an unknown key, a bad --chain, and no network without local chains', async () => {
    const badUrl = await file('bad-url.json', { networks: [{ caipNetworkId: 'eip155:1', rpcUrls: ['ftp://x'] }] })
    await expect(loadLatchConfig({ config: badUrl })).rejects.toThrow(new NetworkConfigError({ source: badUrl, field: '/networks/0/rpcUrls/0', reason: 'must match pattern "^(https?|wss?)://"' }))
    const unknown = await file('unknown.json', { chains: [] })
    await expect(loadLatchConfig({ config: unknown })).rejects.toThrow(/must NOT have additional properties \(chains\)/)
    const notJson = await file('broken.json', '{')
    await expect(loadLatchConfig({ config: notJson })).rejects.toBeInstanceOf(NetworkConfigError)
    await expect(loadLatchConfig({ chains: ['mainnet=https://a.example'] })).rejects.toThrow(/^--chain mainnet=https:\/\/a.example: must start with an EVM or Solana network id/)
    await expect(loadLatchConfig({ chains: ['eip155:1='] })).rejects.toThrow(/names no RPC URL/)
    await expect(loadLatchConfig({ noLocalChains: true })).rejects.toThrow(/name at least one network/)
  })

  it('reads Solana clusters from the file and from --chain, apart from the EVM networks', async () => {
    const MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    const DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
    const usdc = { mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', name: 'USD Coin', symbol: 'USDC', decimals: 6 }
    const config = await file('solana.json', { localChains: false, networks: [{ caipNetworkId: MAINNET, rpcUrls: ['https://solana.example'], tokens: [usdc], maxSignatures: 20 }] })
    const loaded = await loadLatchConfig({ config, chains: [`${DEVNET}=https://devnet.example,https://devnet2.example`] })
    expect(loaded.networks).toEqual([])
    expect(loaded.solanaNetworks).toEqual([
      { caipNetworkId: MAINNET, rpcUrls: ['https://solana.example'], tokens: [usdc], maxSignatures: 20 },
      { caipNetworkId: DEVNET, rpcUrls: ['https://devnet.example', 'https://devnet2.example'] },
    ])
    // A Solana entry takes no EVM keys, and its id is the genesis hash's first 32 base58 characters.
    const evmKey = await file('solana-evm-key.json', { networks: [{ caipNetworkId: MAINNET, rpcUrls: ['https://solana.example'], multicall3: false }] })
    await expect(loadLatchConfig({ config: evmKey })).rejects.toBeInstanceOf(NetworkConfigError)
    await expect(loadLatchConfig({ chains: ['solana:mainnet=https://a.example'] })).rejects.toThrow(/must start with an EVM or Solana network id/)
  })

  it('refuses a token list that is not one, naming the field', async () => {
    const list = await file('bad-list.json', tokenList([{ chainId: 1, address: 'USDC', name: 'USD Coin', symbol: 'USDC', decimals: 6 }]))
    await expect(loadLatchConfig({ chains: ['eip155:1=https://a.example'], tokenList: list })).rejects.toThrow(TokenListError)
    await expect(loadLatchConfig({ chains: ['eip155:1=https://a.example'], tokenList: list })).rejects.toThrow(/\/tokens\/0\/address must match pattern/)
    await expect(loadLatchConfig({ chains: ['eip155:1=https://a.example'], tokenList: join(dir, 'missing.json') })).rejects.toThrow(/Token list .*missing.json: ENOENT/)
  })

  it('reads the providers from the file (no secret among them) and hands them on unresolved', async () => {
    const providers = {
      publicUrl: 'https://api.example.com',
      secureSitePublicUrl: 'https://wallet.example.com',
      onramp: { provider: 'moonpay', checkoutUrl: 'https://buy.moonpay.com', apiKey: 'pk_live_123' },
      farcaster: { relayUrl: 'https://relay.farcaster.xyz', optimismRpcUrl: 'https://mainnet.optimism.io' },
      bundlers: { 'eip155:10': 'https://bundler.example.com/optimism' },
      social: { github: { issuer: 'oauth2', clientId: 'Iv1.abc' }, google: { issuer: 'https://accounts.google.com', clientId: '123.apps.googleusercontent.com' } },
    }
    const config = await file('providers.json', { ...providers, networks: [{ caipNetworkId: 'eip155:1', rpcUrls: ['https://a.example'] }] })
    expect((await loadLatchConfig({ config })).providers).toEqual(providers)
  })

  it('accepts the example file the README points to (its token list URL aside: no network here)', async () => {
    const example = JSON.parse(await readFile(join(import.meta.dirname, 'latch.config.example.json'), 'utf8')) as Record<string, unknown>
    const config = await file('example.json', { ...example, tokenList: undefined })
    const resolved = await loadLatchConfig({ config })
    expect(resolved.networks.map((network) => network.caipNetworkId)).toEqual(['eip155:1'])
    expect(resolved.solanaNetworks.map((network) => network.caipNetworkId)).toEqual(['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'])
    expect(Object.keys(resolved.providers).sort()).toEqual(['bundlers', 'farcaster', 'onramp', 'publicUrl', 'secureSitePublicUrl', 'social'])
  })

  it.each([
    ['a secret in the file', { onramp: { provider: 'moonpay', checkoutUrl: 'https://buy.moonpay.com', apiKey: 'pk', secretKey: 'sk' } }, '/onramp must NOT have additional properties (secretKey)'],
    ['an on-ramp checkout over plain http', { onramp: { provider: 'moonpay', checkoutUrl: 'http://buy.moonpay.com', apiKey: 'pk' } }, '/onramp/checkoutUrl must match pattern "^(https://|http://(127'],
    ['half a Farcaster setting', { farcaster: { relayUrl: 'https://relay.farcaster.xyz' } }, "/farcaster must have required property 'optimismRpcUrl'"],
    ['a bundler for a chain that is not an EVM network id', { bundlers: { optimism: 'https://bundler.example.com' } }, '/bundlers key optimism must match pattern "^eip155:[1-9][0-9]{0,15}$"'],
    ['a bundler that is not an http(s) URL', { bundlers: { 'eip155:10': 'ws://bundler.example.com' } }, '/bundlers/eip155:10 must match pattern "^https?://"'],
    ['an unknown social provider', { social: { myspace: { issuer: 'oauth2', clientId: 'a' } } }, '/social key myspace must be equal to one of the allowed values'],
    ['a public URL with a path', { publicUrl: 'https://example.com/latch/api' }, '/publicUrl must match pattern'],
  ])('refuses %s, naming the field', async (_, providers, message) => {
    const config = await file('bad-providers.json', { ...providers, localChains: true })
    await expect(loadLatchConfig({ config })).rejects.toThrow(NetworkConfigError)
    await expect(loadLatchConfig({ config })).rejects.toThrow(`${config}: ${message}`)
  })
})
