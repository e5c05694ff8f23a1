import { parseArgs } from 'node:util'
import { startBackend } from './startBackend.js'
import { loadProjects } from './plugins/projects/loadProjects.js'
import { describeStandIns } from './cli/describeStandIns.js'
import { describeKeyModel } from './secureSite/describeKeyModel.js'
import { describeStorage } from './plugins/database/describeStorage.js'
import { resolveProviderSettings } from './cli/resolveProviderSettings.js'
import { loadLatchConfig } from './networks/loadLatchConfig.js'

// `npm run server -- --port N --data DIR --catalogue-scale 5000 [--static DIR] [--projects FILE] [--admin-token T] [--rate-limit N] [--relay-max-connections N] [--smtp URL] [--social provider=issuer,clientId]… [--dev] [--trust-proxy ADDRESSES] [--master-secret-file FILE] [--recovery-vault-key-file FILE] [--whole-keys] [--database postgres://…] [--redis redis://…] [--config latch.config.json] [--chain eip155:1=https://rpc…[,https://rpc2…]]… [--token-list FILE|URL] [--no-local-chains] [--public-url URL] [--secure-site-public-url URL] [--farcaster-relay URL --farcaster-optimism-rpc URL] [--bundler eip155:N=URL]… [--onramp-provider ID --onramp-checkout-url URL --onramp-api-key KEY] [--quiet]`:
// the reference backend alone. Prints its URL once it serves: the local chains up and their contracts
// deployed (unless --no-local-chains), the configured networks connected (no call is made to them at start).
const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    data: { type: 'string' },
    // A shared Postgres database for the storage layer (else DATABASE_URL; else the SQLite file in --data).
    database: { type: 'string' },
    // A shared Redis for what instances share besides the database: rate limits, the relay, login state in flight (else REDIS_URL; else in memory).
    redis: { type: 'string' },
    'catalogue-scale': { type: 'string' },
    static: { type: 'string' },
    projects: { type: 'string' },
    'admin-token': { type: 'string' },
    'rate-limit': { type: 'string' },
    // WebSockets the relay holds on this instance (1,000 by default): a cluster's share of its sockets, plus a dead instance's.
    'relay-max-connections': { type: 'string' },
    // Login emails through a real mail server instead of the embedded one (and its dev mailbox).
    smtp: { type: 'string' },
    // A real social provider (secret in LATCH_SOCIAL_<PROVIDER>_SECRET); the others use the local OpenID stand-in in dev mode, else are refused.
    social: { type: 'string', multiple: true },
    // Dev mode: the stand-ins (local OpenID provider, dev mailbox, Farcaster registry, test checkout) and the /dev routes.
    dev: { type: 'boolean', default: false },
    // Behind a reverse proxy: the proxies whose X-Forwarded-For is believed (e.g. 127.0.0.1), for rate limits and caps per client.
    'trust-proxy': { type: 'string' },
    // The secure site's master secret (32 bytes base64, mode 0600), outside the data folder; required without --dev.
    'master-secret-file': { type: 'string' },
    // New wallets' keys are kept only as shares, assembled in the wallet frame (server/secureSite/KEY_SHARES.md): the default, still accepted.
    'key-shares': { type: 'boolean', default: true },
    // The older model: new wallets' keys sealed whole under the master secret, signed on the server.
    'whole-keys': { type: 'boolean', default: false },
    // Automatic recovery of wallets without a passkey (32 bytes base64, mode 0600, not the master secret); dev mode makes one in the data folder.
    'recovery-vault-key-file': { type: 'string' },
    // A real on-ramp provider (signed checkout URL and webhook; secrets in LATCH_ONRAMP_SECRET_KEY and LATCH_ONRAMP_WEBHOOK_SECRET); else dev mode's test checkout, or none.
    // Behind a TLS proxy: the public URLs browsers use (links in answers; the secure site's Origin, DPoP URL, passkeys and social callback).
    'public-url': { type: 'string' },
    'secure-site-public-url': { type: 'string' },
    // Farcaster login on the real network: a Farcaster Connect relay and an Optimism RPC for the ID registry (both, or neither: dev mode's local relay).
    'farcaster-relay': { type: 'string' },
    'farcaster-optimism-rpc': { type: 'string' },
    // An external ERC-4337 bundler for a chain: <caipNetworkId>=<JSON-RPC URL> (repeatable); other chains are bundled by the secure site.
    bundler: { type: 'string', multiple: true },
    'onramp-provider': { type: 'string' },
    'onramp-checkout-url': { type: 'string' },
    'onramp-api-key': { type: 'string' },
    // Networks from configuration (server/networks/NetworkConfig.ts): a JSON file, and flags for the simple case.
    config: { type: 'string' },
    chain: { type: 'string', multiple: true },
    'token-list': { type: 'string' },
    // Serve only the configured networks: no hardhat nodes, nothing deployed.
    'no-local-chains': { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
  },
})

function numberFlag(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const parsed = Number(value)
  if (!Number.isInteger(parsed) || parsed < 0) {
    console.error(`--${name} must be a non-negative integer, got ${value}`)
    process.exit(2)
  }
  return parsed
}

function rateLimitFlag(perMinute: number | undefined) {
  if (perMinute === undefined) return undefined
  return perMinute === 0 ? false : { max: perMinute, windowMs: 60_000 }
}

const networks = await loadLatchConfig({ config: values.config, chains: values.chain, tokenList: values['token-list'], noLocalChains: values['no-local-chains'] }).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(2)
})
// The file's provider keys under the flags (and LATCH_* variables); secrets only from the environment.
const providers = resolveProviderSettings(networks.providers, values.config, values, process.env)
if ('error' in providers) {
  console.error(providers.error)
  process.exit(2)
}
const { onramp, farcaster, socialProviders } = providers

// A refusal to start (no master secret, a short admin token) is the operator's to read, not a stack trace.
const backend = await startBackend({
  port: numberFlag('port', values.port ?? process.env.PORT) ?? 5545,
  host: values.host,
  dataDir: values.data ?? '.data',
  databaseUrl: values.database ?? process.env.DATABASE_URL,
  redisUrl: values.redis ?? process.env.REDIS_URL,
  catalogueScale: numberFlag('catalogue-scale', values['catalogue-scale']),
  staticDir: values.static,
  projects: values.projects === undefined ? undefined : loadProjects(values.projects),
  adminToken: values['admin-token'] ?? process.env.LATCH_ADMIN_TOKEN,
  // Requests a minute per client IP; 0 turns the limit off.
  rateLimit: rateLimitFlag(numberFlag('rate-limit', values['rate-limit'])),
  relayMaxConnections: numberFlag('relay-max-connections', values['relay-max-connections']),
  smtpUrl: values.smtp,
  socialProviders,
  trustProxy: values['trust-proxy'],
  logger: !values.quiet,
  dev: values.dev,
  masterSecretFile: values['master-secret-file'] ?? process.env.LATCH_MASTER_SECRET_FILE,
  // Issue 31: the secrets themselves from the environment (never a flag: flags show in `ps`), the same in every instance.
  masterSecret: process.env.LATCH_MASTER_SECRET,
  recoveryVaultKey: process.env.LATCH_RECOVERY_VAULT_KEY,
  keyShares: !values['whole-keys'],
  recoveryVaultKeyFile: values['recovery-vault-key-file'] ?? process.env.LATCH_RECOVERY_VAULT_KEY_FILE,
  onramp,
  publicUrl: providers.publicUrl,
  secureSitePublicUrl: providers.secureSitePublicUrl,
  farcaster,
  bundlers: providers.bundlers,
  networks: networks.networks,
  solanaNetworks: networks.solanaNetworks,
  localChains: networks.localChains,
  prices: networks.prices,
}).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
console.log(`Latch server ready at ${backend.url}`)
console.log(`Admin page: ${backend.url}/admin/`)
console.log(`Secure site (embedded wallet): ${backend.secureSiteUrl}`)
if (values.smtp) console.log('Login emails go through --smtp')
for (const chain of backend.services.evmChains.values())
  console.log(`Network ${chain.caipNetworkId} (${chain.name}): ${chain.contracts ? 'local chain started by this backend' : `${chain.upstreams.urls.length} upstream RPC(s), ${chain.tokens.length} listed tokens`}`)
for (const line of describeStorage(backend.storage)) console.log(line)
for (const line of describeKeyModel(backend.keyModel)) console.log(line)
for (const line of describeStandIns(backend, { smtp: Boolean(values.smtp), socialProviders, onrampProvider: onramp?.id, farcaster: Boolean(farcaster) })) console.log(line)
// Where, never what: a token in a log is a leaked token. Said once; later starts read the file again.
if (backend.adminToken.generatedFile) console.log(`Admin token generated: kept in ${backend.adminToken.generatedFile} (mode 0600)`)
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void backend.close().finally(() => process.exit(0)))
