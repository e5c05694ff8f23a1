import { describe, expect, it } from 'vitest'
import { spawn, execFileSync } from 'node:child_process'
import { mkdtempSync, existsSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const tsx = join(require.resolve('tsx/package.json'), '..', 'dist/cli.mjs')

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
    const child = spawn(process.execPath, [tsx, 'server/cli.ts', '--port', '0', '--data', dataDir, '--catalogue-scale', '5000', '--quiet'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let output = ''
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString()
          const match = /Latch server ready at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
          if (match) resolve(match[1]!)
        })
        child.once('exit', (code) => reject(new Error(`cli exited with ${code}: ${output}`)))
      })
      const wallets = (await (await fetch(`${url}/getWallets?projectId=latch-dev&entries=1`)).json()) as { count: number }
      expect(wallets.count).toBe(5000)
      const deployment = (await (await fetch(`${url}/dev/deployment`)).json()) as { evm: Array<{ nodeRpcUrl: string }> }
      expect(deployment.evm).toHaveLength(2)
      expect(existsSync(join(dataDir, 'latch.sqlite'))).toBe(true)
      expect(JSON.parse(readFileSync(join(dataDir, 'deployment.json'), 'utf8'))).toEqual(deployment)
      // The hardhat nodes are children of the CLI's node process.
      const nodes = childrenOf(child.pid!).flatMap((pid) => [pid, ...childrenOf(pid)])
      expect(nodes.length).toBeGreaterThanOrEqual(2)

      child.kill('SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
      const stillAnswering = await Promise.all(
        deployment.evm.map((chain) =>
          fetch(chain.nodeRpcUrl, { method: 'POST', body: '{}', signal: AbortSignal.timeout(1000) }).then(
            () => true,
            () => false,
          ),
        ),
      )
      expect(stillAnswering).toEqual([false, false])
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL')
    }
  })
})
