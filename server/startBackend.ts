import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { HardhatNode } from './chains/startHardhatNode.js'
import { DEV_ACCOUNTS } from './chains/deployEvmContracts.js'
import { startLocalChains } from './chains/startLocalChains.js'
import { connectEvmNetwork } from './networks/connectEvmNetwork.js'
import type { EvmNetworkConfig, SolanaNetworkConfig } from './networks/NetworkConfig.js'
import { connectSolanaNetwork } from './solana/configured/connectSolanaNetwork.js'
import { LogHistoryReader } from './blockchain/LogHistoryReader.js'
import { SolanaCluster } from './solana/SolanaCluster.js'
import { seedSolanaCluster } from './solana/seedSolanaCluster.js'
import { openDatabase } from './plugins/database/openDatabase.js'
import { openStorage, type Storage } from './plugins/database/openStorage.js'
import { Leases } from './plugins/database/Leases.js'
import { holdHistoryIndexLease } from './blockchain/holdHistoryIndexLease.js'
import { HistoryIndexer } from './blockchain/HistoryIndexer.js'
import { BalanceCache } from './blockchain/BalanceCache.js'
import { ChainLocks } from './blockchain/ChainLocks.js'
import { DEFAULT_PRICES, type PriceTable } from './blockchain/PriceTable.js'
import { BACKEND_MIGRATIONS, createServer, type LatchServer } from './createServer.js'
import { DEV_PROJECT, type Project } from './plugins/projects/projects.js'
import type { RateLimitOptions } from './plugins/requestGuards/registerRequestGuards.js'
import type { ProjectStore } from './plugins/projects/ProjectStore.js'
import { resolveAdminToken, type AdminToken } from './admin/resolveAdminToken.js'
import type { BackendServices, EvmChainHandle, SolanaHandle } from './plugins/services/BackendServices.js'
import type { Deployment, LocalDeployment } from './plugins/services/Deployment.js'
import { NodeCallLimiter } from './rpc/NodeCallLimiter.js'
import type { LoggerOption } from './http/loggerOptions.js'
import type { TrustProxy } from './plugins/requestGuards/clientIpOf.js'
import { startSecureSite, type FarcasterConfig, type RunningSecureSite } from './secureSite/startSecureSite.js'
import type { DevMailbox } from './mail/DevMailbox.js'
import type { SocialProviderConfigs } from './secureSite/SocialClients.js'
import { resolveRecoveryVaultKey } from './secureSite/recoveryVault/resolveRecoveryVaultKey.js'
import { resolveMasterSecret, type MasterSecret } from './secureSite/resolveMasterSecret.js'
import { signedCheckoutProvider, type SignedCheckoutProviderConfig } from './onramp/providers/signedCheckoutProvider.js'
import { startTestCheckout, type RunningTestCheckout } from './onramp/testCheckout/startTestCheckout.js'
import { jsonRpcBundler } from './secureSite/bundlers/jsonRpcBundler.js'
import { openRedis } from './plugins/redis/openRedis.js'

export interface StartBackendOptions {
  /** 0 (default) picks a free port. */
  port?: number
  host?: string
  /** Folder for the SQLite file (`latch.sqlite`), or `':memory:'` (the default). */
  dataDir?: string
  /**
   * A shared database (`--database`, `DATABASE_URL`): `postgres://user:pass@host:5432/latch`.
   * Without it every table lives in the SQLite file of `dataDir`.
   */
  databaseUrl?: string
  /**
   * A shared Redis (`--redis`, `REDIS_URL`): `redis://host:6379`. Rate limits, the relay and login
   * state in flight live there, so instances behind a balancer share them. Without it, in memory.
   */
  redisUrl?: string
  /** WebSockets the relay holds on this instance (`--relay-max-connections`; 1,000 by default). */
  relayMaxConnections?: number
  /**
   * The secure site's master secret (`--master-secret-file`): a file outside the data folder with
   * 32 bytes in base64, mode 0600. Required outside dev mode on a real data folder; in dev mode
   * `<data>/secure-site.key` by default; random in memory for `':memory:'`.
   */
  masterSecretFile?: string
  /** Issue 31: the master secret itself, 32 bytes in base64 (`LATCH_MASTER_SECRET`), the same in every instance; the file wins when both are given. */
  masterSecret?: string
  /** Wallets served by `/getWallets` (300 from the data file; 5,000 for benchmarks). */
  catalogueScale?: number
  /** Serves the demo page from this folder at `/`. */
  staticDir?: string
  /** Structured (pino) request logs on stdout, or `{ stream }` to send them there (secret query values redacted). */
  logger?: LoggerOption
  /** Created or replaced in the database at start; the database keeps the others. */
  projects?: Project[]
  /** The admin API's bearer token (at least 16 characters); see `resolveAdminToken` for the default. */
  adminToken?: string
  /** Fixed USD prices by symbol where no price feed is configured: the dev table by default with local chains, none without. */
  prices?: PriceTable
  /**
   * EVM networks the backend serves from configuration (`--config`, `--chain`): upstream RPCs,
   * token list, price feeds, Uniswap V2, Transfer-log history. The backend starts, seeds and
   * deploys nothing on them.
   */
  networks?: EvmNetworkConfig[]
  /** Solana clusters the backend serves from configuration (`solana:…` in `--config` or `--chain`): proxied, balances and history read from their nodes. */
  solanaNetworks?: SolanaNetworkConfig[]
  /**
   * The dev stack's own chains: two hardhat nodes with the test contracts (true by default;
   * `--no-local-chains` turns them off). The same code serves them as a configured network.
   */
  localChains?: boolean
  /** `.reown.id` by default (SPEC §9). */
  nameSuffix?: string
  rateLimit?: RateLimitOptions | false
  /** The embedded wallet's secure site: the port after `port` when one is given, else a free one. */
  secureSitePort?: number
  /** Login emails through this SMTP server (`smtp://user:pass@host:587`) instead of the embedded one and its dev mailbox. */
  smtpUrl?: string
  /** Real social providers (issuer, client id, secret); the others log in through the embedded local OpenID provider. */
  socialProviders?: SocialProviderConfigs
  /** Secure-site sessions last this long (7 days by default). */
  sessionTtlSeconds?: number
  /** One log line per email the embedded SMTP server receives, code and link included; on with `logger`. */
  printMail?: boolean
  /**
   * Dev mode (`--dev`, `npm start`): the stand-ins run (local OpenID provider, embedded SMTP
   * server and its mailbox, Farcaster ID-registry stand-in, the on-ramp's test checkout) and the
   * `/dev/*` routes exist, each behind the admin token. Off by default: without it those do not
   * exist, and what has no real configuration is refused as "not configured".
   */
  dev?: boolean
  /** `eth_call`/`eth_estimateGas` one user (secure-site session, or client IP on the public RPC) may have in flight: 4 by default. */
  nodeCallsPerUser?: number
  /** UserOperations the secure site's bundler pays for per user and UTC day: 50 by default. */
  sponsoredOperationsPerDay?: number
  /**
   * Fastify's `trustProxy` for both servers: the client IP (rate limits, relay caps, node-call
   * limits) is read from X-Forwarded-For only when set, e.g. `true` or `'127.0.0.1'` behind a same-host proxy.
   */
  trustProxy?: TrustProxy
  /**
   * New embedded-wallet users' keys are split into shares and never kept whole on the server
   * (server/secureSite/KEY_SHARES.md). On by default; `false` keeps them whole (the older model).
   */
  keyShares?: boolean
  /** The recovery vault key's file (32 random bytes in base64, not the master secret): automatic recovery of wallets without a passkey. Dev mode and `':memory:'` make one. */
  recoveryVaultKeyFile?: string
  /** Issue 31: the recovery vault key itself, 32 bytes in base64 (`LATCH_RECOVERY_VAULT_KEY`); the file wins when both are given. */
  recoveryVaultKey?: string
  /**
   * The on-ramp provider (`--onramp-*`): its signed checkout URL and webhook secrets. Without it
   * dev mode runs the local test checkout on its own port (`onrampCheckoutPort`), and outside dev
   * mode on-ramp orders are refused as not configured.
   */
  onramp?: SignedCheckoutProviderConfig
  /** The local test checkout's port in dev mode: a free one by default. */
  onrampCheckoutPort?: number
  /** The backend's public URL behind a TLS proxy (`--public-url`): links in answers (icons, history) use it instead of the listening address. */
  publicUrl?: string
  /** The secure site's public origin behind a TLS proxy (`--secure-site-public-url`): see `createSecureSite`'s `publicUrl`. */
  secureSitePublicUrl?: string
  /**
   * External ERC-4337 bundlers' JSON-RPC URLs by CAIP-2 chain id (`--bundler eip155:10=https://…`):
   * the secure site's UserOperations on that chain go there, within the sponsorship policy
   * (`sponsoredOperationsPerDay`, and the gas limits the owner signed). Other chains: the secure site bundles itself.
   */
  bundlers?: Record<string, string>
  /** Farcaster login on the real network: a Farcaster Connect relay and the ID registry on an Optimism RPC (`--farcaster-relay`, `--farcaster-optimism-rpc`); else dev mode's local relay. */
  farcaster?: FarcasterConfig
}

/** A running backend; `D` is what it started (the local chains by default). */
export interface RunningBackend<D extends Deployment = LocalDeployment> {
  url: string
  deployment: D
  /** With the local chains, their Solana cluster is among the services. */
  services: D extends LocalDeployment ? BackendServices & { solana: SolanaHandle } : BackendServices
  /** The projects in the storage layer; a write here reaches every route and config stream at once, another instance's within a second. */
  projects: ProjectStore
  /** The admin API's token; `generatedFile` is set when this start generated it. */
  adminToken: AdminToken
  /** The embedded wallet's secure site (its own origin). */
  secureSiteUrl: string
  /** What the embedded SMTP server received (`GET /dev/mailbox`, dev mode); empty with `smtpUrl` or outside dev mode. */
  mailbox: DevMailbox
  /** The embedded local OpenID provider's issuer (dev mode only); undefined outside dev mode or when every provider is real. */
  openIdIssuer: string | undefined
  /** Whether this backend runs its dev stand-ins (`StartBackendOptions.dev`). */
  dev: boolean
  /** The local test checkout (dev mode without `onramp`): its origin and the keys it shares with the backend; tests sign webhooks with them. */
  testCheckout: Pick<RunningTestCheckout, 'url' | 'keys'> | undefined
  /** Where the master secret lives (never the secret itself). */
  masterSecret: Pick<MasterSecret, 'file' | 'inDataFolder'>
  /** Whether new wallets are split, and whether a recovery vault recovers those without a passkey (`file` where the key was read). */
  keyModel: { keyShares: boolean; recoveryVault: boolean; recoveryVaultFile?: string; vaultInDataFolder: boolean }
  /** The storage layer (Kysely over the SQLite file or Postgres). */
  storage: Storage
  close(): Promise<void>
}

/** Children of every backend in this process, stopped even when the process exits abruptly. */
const liveNodes = new Set<HardhatNode>()
let exitHookInstalled = false
function installExitHook() {
  if (exitHookInstalled) return
  exitHookInstalled = true
  // 'exit' handlers must be synchronous: kill() is, and a hardhat node dies on SIGTERM.
  process.on('exit', () => {
    for (const node of liveNodes) node.process.kill('SIGKILL')
  })
}

/**
 * Starts the whole reference backend: the configured networks (`networks`), and by default the
 * local chains (two hardhat chains, 31337 and 31338, with the test contracts deployed, and the
 * litesvm Solana cluster), SQLite or Postgres, and the HTTP server with every route of SPEC §7.
 * Resolves once everything answers; `close()` stops the server and the child processes.
 *
 * @param options - see `StartBackendOptions`
 * @returns the URL, the deployed addresses and `close`
 * @example
 * const backend = await startBackend()
 * const wallets = await fetch(`${backend.url}/getWallets?projectId=latch-dev`).then((r) => r.json())
 * await backend.close()
 */
export async function startBackend(options?: StartBackendOptions & { localChains?: true }): Promise<RunningBackend>
export async function startBackend(options: StartBackendOptions): Promise<RunningBackend<Deployment>>
export async function startBackend(options: StartBackendOptions = {}): Promise<RunningBackend<Deployment>> {
  installExitHook()
  const nodes: HardhatNode[] = []
  const dataDir = options.dataDir ?? ':memory:'
  const db = openDatabase(dataDir)
  let storage: Storage | undefined
  let historyLease: { release(): Promise<void> } | undefined
  let closed = false
  let server: LatchServer | undefined
  let secureSite: RunningSecureSite | undefined
  // What `GET /dev/deployment` answers: known once the server listens.
  let deployment: Deployment | undefined
  let testCheckout: RunningTestCheckout | undefined
  // The secure site's own connection (its rate limit, login state in flight, /health).
  const secureSiteRedis = options.redisUrl ? openRedis(options.redisUrl, 'secure-site') : undefined
  const stopAll = async () => {
    await Promise.all(
      nodes.map(async (node) => {
        await node.stop()
        liveNodes.delete(node)
      }),
    )
  }
  try {
    storage = await openStorage({ url: options.databaseUrl, sqlite: db, sqliteLocation: dataDir === ':memory:' ? ':memory:' : join(dataDir, 'latch.sqlite'), migrations: BACKEND_MIGRATIONS })
    const store = storage
    // First: a token too short fails the start before any chain is spawned.
    const adminToken = resolveAdminToken({ token: options.adminToken, dataDir })
    // Then the master secret: a start without one (outside dev mode) fails before any chain is spawned.
    const masterSecret = resolveMasterSecret({ dataDir, file: options.masterSecretFile, value: options.masterSecret, dev: options.dev ?? false })
    const keyShares = options.keyShares !== false
    const vaultKey = keyShares ? resolveRecoveryVaultKey({ dataDir, file: options.recoveryVaultKeyFile, value: options.recoveryVaultKey, masterSecret: masterSecret.secret, dev: options.dev ?? false }) : {}
    const localChains = options.localChains !== false
    const local = localChains ? await startLocalChains((node) => (nodes.push(node), liveNodes.add(node))) : []
    // Configured networks first, in their order, then the local chains: every listing is stable.
    const evmChains = new Map<string, EvmChainHandle>()
    for (const network of options.networks ?? []) evmChains.set(network.caipNetworkId, connectEvmNetwork(network))
    for (const chain of local) if (!evmChains.has(chain.caipNetworkId)) evmChains.set(chain.caipNetworkId, chain)
    // The local Solana cluster (litesvm, in process) is part of the local chains: not started without them.
    const cluster = localChains ? new SolanaCluster() : undefined
    const seed = cluster ? seedSolanaCluster(cluster) : undefined
    const solanaNetworks = new Map((options.solanaNetworks ?? []).map((network) => [network.caipNetworkId, connectSolanaNetwork(network)]))
    const indexer = new HistoryIndexer(store, evmChains)
    // The chains are new on every boot, so an earlier run's index describes chains now gone; but
    // on a shared database a live instance may be using it: wiped only under the lease.
    historyLease = await holdHistoryIndexLease(new Leases(store), indexer)
    // On-ramp orders left `paying` are not put back at boot any more: each claim carries a lease,
    // and an order whose payer is gone is payable again once its lease runs out (OnrampOrders).
    const services: BackendServices = {
      evmChains,
      ...(cluster && seed ? { solana: { caipNetworkId: cluster.caipNetworkId, cluster, seed } } : {}),
      solanaNetworks,
      prices: options.prices ?? (localChains ? DEFAULT_PRICES : {}),
      indexer,
      logHistory: new LogHistoryReader(store),
      balanceCache: new BalanceCache(),
      nameSuffix: options.nameSuffix ?? '.reown.id',
      // Issue 31: the faucet's payments take turns across instances sharing a Postgres database.
      paymentQueue: ChainLocks.of(store).queue('faucet'),
      nodeCalls: new NodeCallLimiter(options.nodeCallsPerUser),
      sponsoredOperationsPerDay: options.sponsoredOperationsPerDay,
      bundlers: new Map(Object.entries(options.bundlers ?? {}).map(([chainId, url]) => [chainId, jsonRpcBundler(url)])),
    }
    // The on-ramp provider: the configured one, or dev mode's test checkout on its own origin,
    // which learns the backend's webhook route once the backend listens.
    let webhookBase = ''
    if (!options.onramp && options.dev)
      testCheckout = await startTestCheckout({ services, storage, port: options.onrampCheckoutPort, host: options.host, webhookUrl: () => `${webhookBase}/v1/onramp/webhook/${testCheckout!.keys.providerId}` })
    const onrampConfig = options.onramp ?? (testCheckout && { id: testCheckout.keys.providerId, checkoutUrl: `${testCheckout.url}/`, ...testCheckout.keys })
    if (onrampConfig) services.onramp = signedCheckoutProvider(onrampConfig)
    server = await createServer({
      staticDir: options.staticDir,
      projects: options.projects,
      adminToken: adminToken.value,
      logger: options.logger,
      db,
      storage: store,
      deployment: () => deployment,
      catalogueScale: options.catalogueScale,
      rateLimit: options.rateLimit,
      redisUrl: options.redisUrl,
      relayMaxConnections: options.relayMaxConnections,
      trustProxy: options.trustProxy,
      services,
      dev: options.dev ?? false,
      // Passkeys exist only with key shares: the remote configuration tells the kit.
      passkeys: keyShares,
      publicUrl: options.publicUrl,
    })
    secureSite = await startSecureSite({
      services,
      storage: store,
      projects: server.projects,
      mainApp: server.app,
      secret: masterSecret.secret,
      port: options.secureSitePort ?? (options.port ? options.port + 1 : 0),
      host: options.host ?? '127.0.0.1',
      smtpUrl: options.smtpUrl,
      socialProviders: options.socialProviders,
      sessionTtlSeconds: options.sessionTtlSeconds,
      rateLimit: options.rateLimit === false ? false : undefined,
      logger: options.logger,
      trustProxy: options.trustProxy,
      printMail: options.printMail ?? Boolean(options.logger),
      dev: options.dev ?? false,
      keyShares,
      recoveryVaultKey: vaultKey.secret,
      publicUrl: options.secureSitePublicUrl,
      farcaster: options.farcaster,
      redis: secureSiteRedis,
    })
    const site = secureSite
    // The served host page (the demo) learns where the wallet lives from here, not from
    // `/dev/deployment`, which needs the admin token: a page must never hold that. The URL is
    // public: every host page that embeds the wallet writes it.
    if (options.staticDir) server.app.get('/demo/secure-site', async () => ({ secureSiteUrl: site.url }))
    const url = await server.listen(options.port ?? 0, options.host ?? '127.0.0.1')
    webhookBase = url
    const listening = server
    const projectId = options.projects?.[0]?.id ?? DEV_PROJECT.id
    deployment = {
      url,
      projectId,
      secureSiteUrl: site.url,
      devAccount: DEV_ACCOUNTS.deployer,
      devMnemonic: 'test test test test test test test test test test test junk',
      // What this backend deployed: the local chains only.
      evm: local.map((chain) => ({
        chainId: chain.chainId,
        caipNetworkId: chain.caipNetworkId,
        name: chain.name,
        rpcUrl: `${url}/v1?chainId=${chain.caipNetworkId}&projectId=${projectId}`,
        contracts: chain.contracts!,
      })),
      ...(cluster && seed
        ? {
            solana: {
              caipNetworkId: cluster.caipNetworkId,
              rpcUrl: `${url}/v1?chainId=${cluster.caipNetworkId}&projectId=${projectId}`,
              wsUrl: `${url.replace(/^http/, 'ws')}/v1?chainId=${cluster.caipNetworkId}&projectId=${projectId}`,
              genesisHash: cluster.genesisHash,
              ...seed,
            },
          }
        : {}),
    }
    // Also on disk beside the database, for tools that read files rather than HTTP.
    if (dataDir !== ':memory:')
      writeFileSync(join(dataDir, 'deployment.json'), `${JSON.stringify(deployment, null, 2)}\n`)
    return {
      url,
      deployment,
      services,
      projects: listening.projects,
      adminToken,
      secureSiteUrl: site.url,
      mailbox: site.mailbox,
      openIdIssuer: site.openIdIssuer,
      dev: options.dev ?? false,
      testCheckout: testCheckout && { url: testCheckout.url, keys: testCheckout.keys },
      masterSecret: { file: masterSecret.file, inDataFolder: masterSecret.inDataFolder },
      keyModel: { keyShares, recoveryVault: vaultKey.secret !== undefined, ...(vaultKey.file ? { recoveryVaultFile: vaultKey.file } : {}), vaultInDataFolder: vaultKey.inDataFolder === true },
      storage: store,
      async close() {
        if (closed) return
        closed = true
        await listening.close().catch(() => undefined)
        await site.close().catch(() => undefined)
        await testCheckout?.close().catch(() => undefined)
        await stopAll()
        await historyLease?.release().catch(() => undefined)
        await store.close()
        secureSiteRedis?.disconnect()
        db.close()
      },
    }
  } catch (error) {
    // A port in use or a failed deployment: leave nothing running behind the error.
    await server?.close().catch(() => undefined)
    await secureSite?.close().catch(() => undefined)
    await testCheckout?.close().catch(() => undefined)
    await stopAll()
    await historyLease?.release().catch(() => undefined)
    await storage?.close().catch(() => undefined)
    secureSiteRedis?.disconnect()
    if (db.open) db.close()
    throw error
  }
}
