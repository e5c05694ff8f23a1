import { execFile } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { freePort } from '../freePort.js'

const run = promisify(execFile)

/** A throwaway Postgres server: its superuser URL (database `postgres`), and `stop` that removes it. */
export interface PostgresCluster {
  url: string
  stop(): Promise<void>
}

/** Debian's binaries (`postgresql` package), newest major first. */
function binDir(): string {
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root) ? readdirSync(root).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a)) : []
  const found = versions.map((version) => join(root, version, 'bin')).find((dir) => existsSync(join(dir, 'initdb')))
  if (!found) throw new Error('PostgreSQL is not installed: apt-get install postgresql (.ci/run does)')
  return found
}


/**
 * Creates and starts a Postgres cluster in a temp folder on a free loopback port, for tests.
 * `initdb` refuses root, so as root the cluster runs as the `postgres` user (`runuser`). Durability
 * is off (`--no-sync`, `fsync=off`): nothing outlives the run.
 *
 * @returns the cluster; `stop()` stops it and deletes its folder
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = binDir()
  const dir = mkdtempSync(join(tmpdir(), 'latch-pg-'))
  const data = join(dir, 'data')
  const asRoot = process.getuid?.() === 0
  const owner = asRoot ? (await run('id', ['-u', 'postgres'])).stdout.trim() : undefined
  if (owner) chownSync(dir, Number(owner), Number((await run('id', ['-g', 'postgres'])).stdout.trim()))
  const as = (command: string, args: string[]) => (asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, command), ...args]) : run(join(bin, command), args))
  const stop = async () => {
    await as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined)
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    await as('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '--no-instructions', '-E', 'UTF8'])
    const port = await freePort()
    const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`
    await as('pg_ctl', ['-D', data, '-o', settings, '-l', join(dir, 'server.log'), '-w', 'start'])
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop }
  } catch (error) {
    const log = existsSync(join(dir, 'server.log')) ? readFileSync(join(dir, 'server.log'), 'utf8').slice(-2000) : ''
    await stop()
    throw new Error(`Postgres cluster did not start: ${error instanceof Error ? error.message : error}\n${log}`)
  }
}
