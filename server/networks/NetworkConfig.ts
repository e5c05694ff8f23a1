import type { Address } from 'viem'

/** One token of a network's list (the Uniswap Token Lists standard's token, minus what we do not use). */
export interface ListedToken {
  chainId: number
  address: Address
  name: string
  symbol: string
  decimals: number
  logoURI?: string
}

/** A Uniswap V2 deployment: swap quotes and transactions go through its router. */
export interface UniswapV2Config {
  router: Address
  factory: Address
  /** The wrapped native currency the router routes through (its `WETH()`). */
  weth: Address
}

/** Where an EVM network's history comes from. */
export interface HistoryConfig {
  /** First block read for Transfer logs (default: the head when an account is first asked for). */
  fromBlock?: number
  /** Blocks per `eth_getLogs` call (default 2,000): providers refuse wider ranges. */
  maxBlockRange?: number
  /**
   * Read every block whole from `fromBlock` instead (transactions and receipts): native transfers
   * are then reported too. Costly on a busy chain; without it they are reported as unavailable.
   */
  blockFollower?: { fromBlock: number }
}

/** One EVM network the backend serves, from `--config` or `--chain`. */
export interface EvmNetworkConfig {
  /** CAIP-2, `eip155:<chain id>`. */
  caipNetworkId: string
  name?: string
  /** Upstream JSON-RPC URLs, best first: the proxy ranks them by health and falls back (SPEC §9). */
  rpcUrls: string[]
  nativeCurrency?: { name: string; symbol: string; decimals: number }
  /** Tokens whose balances are read (with the top-level `--token-list`'s tokens of this chain id). */
  tokens?: ListedToken[]
  /** USD prices from Chainlink-style aggregators (`latestRoundData`, `decimals`), by symbol. */
  priceFeeds?: Record<string, Address>
  uniswapV2?: UniswapV2Config
  /** Multicall3's address (default: its canonical one); `false` on a chain without it: balances are read one call each. */
  multicall3?: Address | false
  history?: HistoryConfig
}

/** One SPL token of a Solana network's list: its balance is read and its transfers named. */
export interface SolanaListedToken {
  /** The mint's address (base58). */
  mint: string
  name: string
  symbol: string
  decimals: number
}

/**
 * One Solana cluster the backend serves from configuration (`networks[]` or `--chain solana:…=URL`):
 * proxied, balances and history read from its nodes. Nothing is started or seeded on it.
 */
export interface SolanaNetworkConfig {
  /** CAIP-2, `solana:<first 32 characters of the genesis hash>`: each upstream's `getGenesisHash` must match. */
  caipNetworkId: string
  name?: string
  /** Upstream JSON-RPC URLs, best first, ranked with fallback as the EVM ones are. */
  rpcUrls: string[]
  /** SPL tokens whose balances are read (others the account holds are left out, as unknown tokens are). */
  tokens?: SolanaListedToken[]
  /** Signatures read per account and request at most (default 100): history is bounded, never invented. */
  maxSignatures?: number
}

/** A plain OAuth 2.0 provider configured by its endpoints (no discovery): its secret still from `LATCH_SOCIAL_<PROVIDER>_SECRET`. */
export interface SocialEndpointsFile {
  clientId: string
  authorizationEndpoint: string
  tokenEndpoint: string
  userinfoEndpoint: string
  /** GitHub's `/user/emails`, read when the user shows no public email. */
  emailsEndpoint?: string
  scope: string
}

/** What `--config latch.config.json` holds (server/networks/configSchema.ts checks it). */
export interface LatchConfig {
  /** EVM (`eip155:…`) and Solana (`solana:…`) networks. */
  networks?: (EvmNetworkConfig | SolanaNetworkConfig)[]
  /** A Uniswap token list (file path, relative to the config file, or URL): its tokens go to the networks of their chain id. */
  tokenList?: string
  /** Whether the backend also starts its own local chains (the dev stack); `--no-local-chains` turns them off. */
  localChains?: boolean
  /** Fixed USD prices by symbol, used where no price feed is configured (the local stack's default table otherwise). */
  prices?: Record<string, number>
  /** The public URL browsers use for the backend behind a TLS proxy (`--public-url`, `LATCH_PUBLIC_URL` override it). */
  publicUrl?: string
  /** The secure site's public origin (`--secure-site-public-url`, `LATCH_SECURE_SITE_PUBLIC_URL` override it). */
  secureSitePublicUrl?: string
  /** The on-ramp provider (`--onramp-*` override it); its secrets only from `LATCH_ONRAMP_SECRET_KEY` and `LATCH_ONRAMP_WEBHOOK_SECRET`. */
  onramp?: { provider: string; checkoutUrl: string; apiKey: string }
  /** Farcaster login on the real network (`--farcaster-relay` and `--farcaster-optimism-rpc` override it). */
  farcaster?: { relayUrl: string; optimismRpcUrl: string }
  /** External ERC-4337 bundlers by CAIP-2 chain id; a `--bundler` for the same chain wins. */
  bundlers?: Record<string, string>
  /** Social login providers by name; a `--social` for the same provider wins; secrets only from `LATCH_SOCIAL_<PROVIDER>_SECRET`. */
  social?: Record<string, { issuer: string; clientId: string } | SocialEndpointsFile>
}

/** The provider keys of `latch.config.json`. */
export type ProviderSettingsFile = Pick<LatchConfig, 'publicUrl' | 'secureSitePublicUrl' | 'onramp' | 'farcaster' | 'bundlers' | 'social'>
