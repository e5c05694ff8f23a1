/** JSON schema of `latch.config.json` (`LatchConfig`): checked before anything connects. */
const address = { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' } as const
const url = { type: 'string', pattern: '^(https?|wss?)://', maxLength: 2048 } as const

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

export const latchConfigSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    localChains: { type: 'boolean' },
    tokenList: { type: 'string', minLength: 1 },
    prices: { type: 'object', additionalProperties: { type: 'number', minimum: 0 } },
    networks: {
      type: 'array',
      items: {
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
      },
    },
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
