import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export interface HardhatNode {
  chainId: number
  rpcUrl: string
  process: ChildProcess
  stop(): Promise<void>
}

const here = dirname(fileURLToPath(import.meta.url))
const require = createRequire(import.meta.url)

/**
 * Starts one hardhat 2 node as a child process on loopback and resolves once it answers
 * `eth_chainId`. The binary is spawned directly: killing `npx` would leave the node running.
 *
 * @param chainId - 31337 or 31338 for the backend's two chains
 * @param port - 0 picks a free port
 */
export async function startHardhatNode({ chainId, port = 0 }: { chainId: number; port?: number }): Promise<HardhatNode> {
  const actualPort = port || (await freePort())
  const hardhatCli = join(dirname(require.resolve('hardhat/package.json')), 'internal/cli/bootstrap.js')
  const child = spawn(process.execPath, ['--require', join(here, 'exitWithParent.cjs'), hardhatCli, 'node', '--hostname', '127.0.0.1', '--port', String(actualPort)], {
    cwd: here,
    env: {
      ...process.env,
      LATCH_CHAIN_ID: String(chainId),
      HARDHAT_CONFIG: join(here, 'hardhat.config.cjs'),
      HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)))
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)))
  const rpcUrl = `http://127.0.0.1:${actualPort}`
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
      setTimeout(() => child.kill('SIGKILL'), 3000).unref()
    })
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`hardhat node for chain ${chainId} exited: ${output}`)
    try {
      const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      })
      const { result } = (await response.json()) as { result: string }
      if (Number(result) === chainId) return { chainId, rpcUrl, process: child, stop }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
  await stop()
  throw new Error(`hardhat node for chain ${chainId} did not answer within 60 s: ${output}`)
}

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net')
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}
