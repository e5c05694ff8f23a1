/** JSON schema of `latch.config.json` (`LatchConfig`): checked before anything connects. */
const address = { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' } as const
const url = { type: 'string', pattern: '^(https?|wss?)://', maxLength: 2048 } as const
const httpUrl = { type: 'string', pattern: '^https?://', maxLength: 2048 } as const
/** `solana:` and a genesis hash's first 32 base58 characters (CAIP-2). */
export const SOLANA_CAIP_PATTERN = '^solana:[1-9A-HJ-NP-Za-km-z]{32}$'
/** A public origin browsers use (behind a TLS proxy): http(s), no path beyond `/`. */
const publicOrigin = { type: 'string', pattern: '^https?://[^/?#]+/?$', maxLength: 2048 } as const
const clientId = { type: 'string', pattern: '^[^,\\s]+$', maxLength: 200 } as const

export const listedTokenSchema = {
  type: 'object',
  required: ['chainId', 'address', 'name', 'symbol', 'decimals'],
  properties: {
    chainId: { type: 'integer', minimum: 1 },
    address,
    name: { type: 'string', minLength: 1, maxLength: 60 },
    symbol: { type: 'string', minLength: 1, maxLength: 20 },
    decimals: { type: 'integer', minimum: 0, maximum: 255 },
    logoURI: { type: 'string' },
  },
} as const

/** An EVM network of `networks[]`. */
const evmNetworkSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['caipNetworkId', 'rpcUrls'],
  properties: {
    caipNetworkId: { type: 'string', pattern: '^eip155:[1-9][0-9]{0,15}$' },
    name: { type: 'string', minLength: 1, maxLength: 60 },
    rpcUrls: { type: 'array', minItems: 1, items: url },
    nativeCurrency: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'symbol', 'decimals'],
      properties: { name: { type: 'string' }, symbol: { type: 'string' }, decimals: { type: 'integer', minimum: 0, maximum: 36 } },
    },
    tokens: { type: 'array', items: listedTokenSchema },
    priceFeeds: { type: 'object', additionalProperties: address },
    multicall3: { anyOf: [address, { const: false }] },
    uniswapV2: {
      type: 'object',
      additionalProperties: false,
      required: ['router', 'factory', 'weth'],
      properties: { router: address, factory: address, weth: address },
    },
    history: {
      type: 'object',
      additionalProperties: false,
      properties: {
        fromBlock: { type: 'integer', minimum: 0 },
        maxBlockRange: { type: 'integer', minimum: 1, maximum: 100_000 },
        blockFollower: { type: 'object', additionalProperties: false, required: ['fromBlock'], properties: { fromBlock: { type: 'integer', minimum: 0 } } },
      },
    },
  },
} as const

/** A Solana cluster of `networks[]`: `solana:` and the first 32 base58 characters of its genesis hash. */
const solanaNetworkSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['caipNetworkId', 'rpcUrls'],
  properties: {
    caipNetworkId: { type: 'string', pattern: SOLANA_CAIP_PATTERN },
    name: { type: 'string', minLength: 1, maxLength: 60 },
    rpcUrls: { type: 'array', minItems: 1, items: httpUrl },
    tokens: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['mint', 'name', 'symbol', 'decimals'],
        properties: {
          mint: { type: 'string', pattern: '^[1-9A-HJ-NP-Za-km-z]{32,44}$' },
          name: { type: 'string', minLength: 1, maxLength: 60 },
          symbol: { type: 'string', minLength: 1, maxLength: 20 },
          decimals: { type: 'integer', minimum: 0, maximum: 255 },
        },
      },
    },
    maxSignatures: { type: 'integer', minimum: 1, maximum: 1000 },
  },
} as const

export const latchConfigSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    localChains: { type: 'boolean' },
    tokenList: { type: 'string', minLength: 1 },
    prices: { type: 'object', additionalProperties: { type: 'number', minimum: 0 } },
    // The providers (flags override them). Secrets are never here: they stay in the environment.
    publicUrl: publicOrigin,
    secureSitePublicUrl: publicOrigin,
    onramp: {
      type: 'object',
      additionalProperties: false,
      required: ['provider', 'checkoutUrl', 'apiKey'],
      properties: {
        provider: { type: 'string', pattern: '^[a-z0-9-]{1,32}$' },
        // https, or http on the loopback address only (a stand-in on this machine, as OAuth allows for native apps).
        checkoutUrl: { type: 'string', pattern: '^(https://|http://(127\\.0\\.0\\.1|localhost|\\[::1\\])[:/])', maxLength: 2048 },
        // Public: it appears in every checkout URL (the secret key that signs them does not).
        apiKey: { type: 'string', minLength: 1, maxLength: 200 },
      },
    },
    farcaster: {
      type: 'object',
      additionalProperties: false,
      required: ['relayUrl', 'optimismRpcUrl'],
      properties: { relayUrl: httpUrl, optimismRpcUrl: httpUrl },
    },
    bundlers: { type: 'object', propertyNames: { pattern: '^eip155:[1-9][0-9]{0,15}$' }, additionalProperties: httpUrl },
    social: {
      type: 'object',
      propertyNames: { enum: ['google', 'x', 'discord', 'github', 'apple', 'facebook'] },
      additionalProperties: {
        anyOf: [
          {
            type: 'object',
            additionalProperties: false,
            required: ['issuer', 'clientId'],
            // `issuer`: an OpenID issuer URL, or `oauth2` for a plain OAuth 2.0 provider's published endpoints.
            properties: { issuer: { anyOf: [httpUrl, { const: 'oauth2' }] }, clientId },
          },
          {
            // A plain OAuth 2.0 provider at other endpoints than its published ones (GitHub Enterprise, a stand-in): no discovery.
            type: 'object',
            additionalProperties: false,
            required: ['clientId', 'authorizationEndpoint', 'tokenEndpoint', 'userinfoEndpoint', 'scope'],
            properties: { clientId, authorizationEndpoint: httpUrl, tokenEndpoint: httpUrl, userinfoEndpoint: httpUrl, emailsEndpoint: httpUrl, scope: { type: 'string', minLength: 1, maxLength: 500 } },
          },
        ],
      },
    },
    networks: { type: 'array', items: { anyOf: [evmNetworkSchema, solanaNetworkSchema] } },
  },
} as const

/** The Uniswap Token Lists standard's required shape (extra fields allowed, as the standard does). */
export const tokenListSchema = {
  type: 'object',
  required: ['name', 'timestamp', 'version', 'tokens'],
  properties: {
    name: { type: 'string' },
    timestamp: { type: 'string' },
    version: { type: 'object', required: ['major', 'minor', 'patch'] },
    tokens: { type: 'array', items: listedTokenSchema },
  },
} as const
