import { describe, expect, it } from 'vitest'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, existsSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawnCli } from './spawnCli.js'

/** Whether a process exists (a zombie would count: the checks below run after the reaping). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Pids of the processes whose parent is `pid` and whose command line contains `command` (Linux /proc). */
function childrenOf(pid: number, command: string): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid), '-f', command]).toString().trim().split('\n').filter(Boolean).map(Number)
  } catch {
    return []
  }
}

// A child `npm run server` compiles with tsx and starts chains: minutes on a loaded 2-core machine.
describe('given `npm run server -- --port 0 --data DIR --catalogue-scale 5000 --dev`', { timeout: 120_000 }, () => {
  it('prints its URL once ready, serves, and stops its chains on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'latch-cli-'))
    const adminToken = 'cli-test-admin-token-0123456789'
    const { child, url } = await spawnCli(['--port', '0', '--data', dataDir, '--catalogue-scale', '5000', '--quiet', '--dev', '--admin-token', adminToken])
    let cli: number | undefined
    try {
      const wallets = (await (await fetch(`${url}/getWallets?projectId=latch-dev&entries=1`)).json()) as { count: number }
      expect(wallets.count).toBe(5000)
      const deployment = (await (await fetch(`${url}/dev/deployment`, { headers: { authorization: `Bearer ${adminToken}` } })).json()) as { evm: unknown[] }
      expect(deployment.evm).toHaveLength(2)
      expect(existsSync(join(dataDir, 'latch.sqlite'))).toBe(true)
      expect(JSON.parse(readFileSync(join(dataDir, 'deployment.json'), 'utf8'))).toEqual(deployment)
      // `npm run server` is tsx, whose child runs server/cli.ts; the hardhat nodes are that child's children.
      const clis = childrenOf(child.pid!, 'server/cli.ts')
      expect(clis).toHaveLength(1)
      cli = clis[0]!
      const nodes = childrenOf(cli, 'serveHardhatNetwork')
      expect(nodes).toHaveLength(2)

      // SIGTERM straight to the CLI's process: tsx relays one it gets itself, but SIGKILLs the CLI
      // if that does not acknowledge it within 30 ms, which a loaded machine may miss.
      const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.once('exit', (code, signal) => resolve([code, signal])))
      process.kill(cli, 'SIGTERM')
      // tsx exits after its child, which exits once it has stopped (and reaped) its nodes: no wait.
      expect(await exited).toEqual([0, null])
      expect([cli, ...nodes].filter(isAlive)).toEqual([])
    } finally {
      if (cli !== undefined && isAlive(cli)) process.kill(cli, 'SIGKILL')
      if (child.exitCode === null) child.kill('SIGKILL')
    }
  })
})
