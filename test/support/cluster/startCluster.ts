import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startPostgresCluster, type PostgresCluster } from '../postgres/startPostgresCluster.js'
import { startRedisServer, type RedisServer } from '../redis/startRedisServer.js'
import { writeMasterSecretFile } from '../masterSecretFile.js'
import { freePort, freePortPair } from './freePorts.js'
import { startDevServices, type DevServices } from './startDevServices.js'
import { startHaproxy, type RunningHaproxy } from './startHaproxy.js'
import { startInstance, type InstanceSpec, type RunningInstance } from './startInstance.js'

export interface ClusterOptions {
  /** Backend instances behind the balancer: 4 by default. */
  instances?: number
  /** Requests a minute per client IP (`--rate-limit`); 0 (the default) turns the limit off. */
  rateLimit?: number
  /** WebSockets each instance's relay holds (`--relay-max-connections`): 1,000 by default. */
  relayMaxConnections?: number
  /** The two local hardhat chains in the dev services, given to every instance (`--chain`): off by default. */
  chains?: boolean
  /** HAProxy processes sharing the ports (SO_REUSEPORT): 2 for more than about 9,000 connections. */
  haproxyProcesses?: number
  /** Connections one HAProxy process accepts: 4,000 by default. */
  maxconn?: number
  /** Fixed public ports (the local cluster's); free ones by default. */
  appPort?: number
  sitePort?: number
  /** Each line an instance prints, with its index. */
  onLine?: (instance: number, line: string) => void
}

/** One backend instance, reached directly (pinned to it) or through the balancer preferring it. */
export interface ClusterInstance {
  url: string
  secureSiteUrl: string
  relayUrl: string
  /** Through HAProxy: this instance while it is up, another one when it is not. */
  pinnedUrl: string
  pinnedRelayUrl: string
  /** Whether its process runs (false between `kill` and `restart`). */
  running: boolean
  pid: number | undefined
}

export interface Cluster {
  /** The balancer's public URL: the backend as browsers and dapps reach it. */
  url: string
  relayUrl: string
  /** The secure site's public origin (its own HAProxy port). */
  secureSiteUrl: string
  instances: ClusterInstance[]
  adminToken: string
  postgresUrl: string
  redisUrl: string
  devServices: DevServices
  /** The balancer's health check: `/health`, or a stand-in route when the instances have none yet (`healthWarning` says so). */
  healthPath: string
  healthWarning?: string
  /** Sends `signal` (SIGKILL by default) to instance `index` and waits until it exited. */
  kill(index: number, signal?: NodeJS.Signals): Promise<void>
  /** Stops instance `index` if it runs (SIGTERM), then starts it again on the same ports. */
  restart(index: number): Promise<void>
  stop(): Promise<void>
}

const STAND_IN_HEALTH_PATH = '/appkit/v1/config?projectId=latch-dev'

/**
 * The production topology on loopback: a throwaway Postgres and Redis, the shared dev services
 * (mail and OpenID stand-ins, the chains), N backend instances as child processes (`server/cli.ts` with
 * `--database`, `REDIS_URL`, one admin token and master secret, trusting the balancer on
 * 127.0.0.1, its public URLs), and HAProxy in front. The first instance starts alone
 * (it migrates the fresh database), the others together.
 *
 * @example
 * const cluster = await startCluster()
 * await fetch(`${cluster.url}/appkit/v1/config?projectId=latch-dev`)
 * await cluster.kill(1)
 * await cluster.restart(1)
 * await cluster.stop()
 */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const count = options.instances ?? 4
  const dir = mkdtempSync(join(tmpdir(), 'latch-cluster-'))
  // Hex: a token may not start with '-', which parseArgs would take for a flag.
  const adminToken = randomBytes(24).toString('hex')
  const cleanups: Array<() => Promise<unknown>> = []
  const running: Array<RunningInstance | undefined> = []
  const stop = async () => {
    await Promise.all(running.map((instance) => instance && (instance.process.kill('SIGKILL'), instance.exited)))
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined)
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    const ports: number[] = []
    for (let index = 0; index < count; index++) ports.push(await freePortPair())
    const appPort = options.appPort ?? (await freePort())
    const sitePort = options.sitePort ?? (await freePort())
    const pinnedPorts = await Promise.all(ports.map(() => freePort()))
    const publicUrl = `http://127.0.0.1:${appPort}`
    const sitePublicUrl = `http://127.0.0.1:${sitePort}`
    const [postgres, redis, devServices] = await Promise.all([
      startPostgresCluster().then((started: PostgresCluster) => (cleanups.push(started.stop), started)),
      startRedisServer().then((started: RedisServer) => (cleanups.push(started.stop), started)),
      startDevServices({ adminToken, chains: options.chains ?? false, siteUrl: sitePublicUrl }).then((started) => (cleanups.push(started.close), started)),
    ])
    const masterSecretFile = writeMasterSecretFile()
    cleanups.push(async () => rmSync(join(masterSecretFile, '..'), { recursive: true, force: true }))
    const specs: InstanceSpec[] = ports.map((port, index) => {
      const data = join(dir, `instance${index}`)
      mkdirSync(data)
      return {
        port,
        args: [
          '--data', data,
          '--database', postgres.url,
          '--master-secret-file', masterSecretFile,
          '--trust-proxy', '127.0.0.1',
          '--public-url', publicUrl,
          '--secure-site-public-url', sitePublicUrl,
          '--rate-limit', String(options.rateLimit ?? 0),
          ...(options.relayMaxConnections ? ['--relay-max-connections', String(options.relayMaxConnections)] : []),
          '--smtp', devServices.smtpUrl,
          ...devServices.socialFlags.flatMap((social) => ['--social', social]),
          '--no-local-chains',
          ...devServices.chainFlags.flatMap((chain) => ['--chain', chain]),
          '--quiet',
        ],
        // Secrets in the environment, never flags (a flag shows in `ps`). REDIS_URL is what
        // `--redis` falls back on (issue 31's interface for the Redis-backed parts).
        env: { LATCH_ADMIN_TOKEN: adminToken, REDIS_URL: redis.url, ...devServices.socialEnv },
        onLine: options.onLine && ((line) => options.onLine!(index, line)),
      }
    })
    running[0] = await startInstance(specs[0]!)
    const rest = await Promise.allSettled(specs.slice(1).map((spec) => startInstance(spec)))
    rest.forEach((result, index) => (running[index + 1] = result.status === 'fulfilled' ? result.value : undefined))
    const failed = rest.find((result) => result.status === 'rejected')
    if (failed) throw (failed as PromiseRejectedResult).reason

    const health = await fetch(`http://127.0.0.1:${ports[0]}/health`).catch(() => undefined)
    const healthPath = health?.status === 200 ? '/health' : STAND_IN_HEALTH_PATH
    const healthWarning = healthPath === '/health' ? undefined : `GET /health answered ${health?.status ?? 'nothing'}: HAProxy checks ${STAND_IN_HEALTH_PATH} instead`
    const haproxy: RunningHaproxy = await startHaproxy(dir, { instancePorts: ports, appPort, sitePort, pinnedPorts, healthPath, maxconn: options.maxconn ?? 4_000 }, options.haproxyProcesses ?? 1)
    cleanups.push(haproxy.stop)

    const instances: ClusterInstance[] = ports.map((port, index) => ({
      url: `http://127.0.0.1:${port}`,
      secureSiteUrl: `http://127.0.0.1:${port + 1}`,
      relayUrl: `ws://127.0.0.1:${port}/relay`,
      pinnedUrl: `http://127.0.0.1:${pinnedPorts[index]}`,
      pinnedRelayUrl: `ws://127.0.0.1:${pinnedPorts[index]}/relay`,
      get running() {
        return running[index] !== undefined
      },
      get pid() {
        return running[index]?.process.pid
      },
    }))
    const kill = async (index: number, signal: NodeJS.Signals = 'SIGKILL') => {
      const instance = running[index]
      if (!instance) return
      instance.process.kill(signal)
      await instance.exited
      running[index] = undefined
    }
    return {
      url: publicUrl,
      relayUrl: `ws://127.0.0.1:${appPort}/relay`,
      secureSiteUrl: sitePublicUrl,
      instances,
      adminToken,
      postgresUrl: postgres.url,
      redisUrl: redis.url,
      devServices,
      healthPath,
      healthWarning,
      kill,
      async restart(index) {
        await kill(index, 'SIGTERM')
        running[index] = await startInstance(specs[index]!)
      },
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
