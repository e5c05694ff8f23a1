import { afterAll, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawnCli, stopCli, type RunningCli } from './spawnCli.js'
import { startRedisServer, type RedisServer } from '../support/redis/startRedisServer.js'

// Issue 31: `--redis URL` (else REDIS_URL) gives the backend and its secure site the shared Redis;
// both report it on /health, which the balancer reads. No local chains: one configured network
// that is never called at start, so the CLI starts in seconds.
const cleanups: Array<() => Promise<void>> = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

async function start(args: string[], env: Record<string, string> = {}): Promise<RunningCli> {
  const dataDir = mkdtempSync(join(tmpdir(), 'latch-cli-redis-'))
  const cli = await spawnCli(['--port', '0', '--data', dataDir, '--dev', '--no-local-chains', '--chain', 'eip155:10=http://127.0.0.1:9', '--admin-token', 'cli-redis-admin-token-0123456789', ...args], env)
  cleanups.push(async () => {
    await stopCli(cli)
    rmSync(dataDir, { recursive: true, force: true })
  })
  return cli
}
const healthOf = async (url: string) => {
  const response = await fetch(`${url}/health`)
  return { status: response.status, body: (await response.json()) as unknown }
}
const secureSiteOf = (cli: RunningCli) => /Secure site \(embedded wallet\): (http:\/\/\S+)/.exec(cli.output())![1]!

describe('given `npm run server` with a shared Redis', { timeout: 120_000 }, () => {
  let redis: RedisServer
  it('31: --redis URL: the backend and the secure site report Redis ok; without it, absent', async () => {
    redis = await startRedisServer()
    cleanups.push(() => redis.stop())
    const withFlag = await start(['--redis', redis.url])
    const ok = { status: 200, body: { status: 'ok', checks: { database: 'ok', redis: 'ok' } } }
    expect(await healthOf(withFlag.url)).toEqual(ok)
    expect(await healthOf(secureSiteOf(withFlag))).toEqual(ok)

    const fromEnv = await start([], { REDIS_URL: redis.url })
    expect(await healthOf(fromEnv.url)).toEqual(ok)
    // The client list names each instance's connections by their use.
    const { default: Redis } = await import('ioredis')
    const admin = new Redis(redis.url)
    const clients = await admin.client('LIST')
    admin.disconnect()
    for (const name of ['latch-rate-limits', 'latch-health', 'latch-secure-site']) expect(String(clients)).toContain(`name=${name}`)
  })

  it('31: without --redis or REDIS_URL: Redis absent, the embedded default', async () => {
    // The child inherits this environment: it must not name a Redis itself.
    expect(process.env.REDIS_URL).toBeUndefined()
    const cli = await start([])
    expect(await healthOf(cli.url)).toEqual({ status: 200, body: { status: 'ok', checks: { database: 'ok', redis: 'absent' } } })
  })
})
