import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Redis from 'ioredis'
import { freePort } from '../freePort.js'

/** A throwaway Redis server: its URL, and `stop` that kills it and removes its folder. */
export interface RedisServer {
  url: string
  port: number
  stop(): Promise<void>
}


/**
 * Starts Debian's `redis-server` on a free loopback port, in memory only (no RDB or AOF file),
 * for tests and the local cluster. Resolves once it answers PING.
 *
 * @param port - a fixed port (the local cluster's); a free one by default
 * @returns the server; `stop()` kills it and deletes its folder
 */
export async function startRedisServer(port?: number): Promise<RedisServer> {
  const dir = mkdtempSync(join(tmpdir(), 'latch-redis-'))
  const listenPort = port ?? (await freePort())
  const child = spawn('redis-server', ['--port', String(listenPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--loglevel', 'warning'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (chunk) => (stderr += chunk))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGKILL')
    await exited
    rmSync(dir, { recursive: true, force: true })
  }
  const url = `redis://127.0.0.1:${listenPort}`
  const deadline = Date.now() + 15_000
  for (;;) {
    if (await answersPing(url)) return { url, port: listenPort, stop }
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop()
      throw new Error(`Redis did not start on port ${listenPort}\n${stderr.slice(-2000)}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** One connection attempt, no retries: whether the server answers yet. */
async function answersPing(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null })
  probe.on('error', () => undefined)
  try {
    await probe.connect()
    return (await probe.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    probe.disconnect()
  }
}
