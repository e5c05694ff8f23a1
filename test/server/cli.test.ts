import { describe, expect, it } from 'vitest'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, existsSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawnCli } from './spawnCli.js'

/** Pids of the processes whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)]).toString().trim().split('\n').filter(Boolean).map(Number)
  } catch {
    return []
  }
}

describe('given `npm run server -- --port 0 --data DIR --catalogue-scale 5000`', () => {
  it('prints its URL once ready, serves, and stops its chains on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'latch-cli-'))
    const { child, url } = await spawnCli(['--port', '0', '--data', dataDir, '--catalogue-scale', '5000', '--quiet'])
    try {
      const wallets = (await (await fetch(`${url}/getWallets?projectId=latch-dev&entries=1`)).json()) as { count: number }
      expect(wallets.count).toBe(5000)
      const deployment = (await (await fetch(`${url}/dev/deployment`)).json()) as { evm: unknown[] }
      expect(deployment.evm).toHaveLength(2)
      expect(existsSync(join(dataDir, 'latch.sqlite'))).toBe(true)
      expect(JSON.parse(readFileSync(join(dataDir, 'deployment.json'), 'utf8'))).toEqual(deployment)
      // The hardhat nodes are children of the CLI's node process.
      const nodes = childrenOf(child.pid!).flatMap((pid) => [pid, ...childrenOf(pid)])
      expect(nodes.length).toBeGreaterThanOrEqual(2)

      child.kill('SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
      const isAlive = (pid: number) => {
        try {
          process.kill(pid, 0)
          return true
        } catch {
          return false
        }
      }
      // The nodes may take a moment to notice: their SIGTERM is sent as the CLI closes.
      for (let i = 0; i < 50 && nodes.some(isAlive); i++) await new Promise((resolve) => setTimeout(resolve, 100))
      expect(nodes.filter(isAlive)).toEqual([])
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL')
    }
  })
})
