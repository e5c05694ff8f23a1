import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { HardhatNodeStartError } from './errors.js'

export interface HardhatNode {
  chainId: number
  /**
   * The node's JSON-RPC URL, `http://127.0.0.1:<port>/<secret>`: only a client that knows the
   * per-run secret path is served, and of browsers only pages on loopback. Hand it only to
   * your own test page.
   */
  rpcUrl: string
  process: ChildProcess
  stop(): Promise<void>
}

const here = dirname(fileURLToPath(import.meta.url))
const STARTUP_TIMEOUT_MS = 60_000

/**
 * Starts one hardhat 2 network (EDR) as a child process, served on loopback to the holders of
 * its URL only, and resolves once it answers. Unlike `hardhat node`, which accepts every origin, the child
 * (`serveHardhatNetwork.cjs`) refuses any path but a random secret and any page off loopback,
 * so a web page cannot call `hardhat_setBalance` or `evm_*` on it.
 *
 * @param chainId - 31337 or 31338 for the backend's two chains
 * @param port - 0 (default) lets the child bind a free port itself, so no other process can take it first
 * @returns the node's URL (with its secret), its process and `stop()`
 * @throws HardhatNodeStartError when the node exits, cannot listen or does not answer within 60 s
 * @example
 * const node = await startHardhatNode({ chainId: 31337 })
 * const client = createPublicClient({ transport: http(node.rpcUrl) })
 * await node.stop()
 */
export async function startHardhatNode({ chainId, port = 0 }: { chainId: number; port?: number }): Promise<HardhatNode> {
  const secret = randomBytes(24).toString('hex')
  const child = spawn(process.execPath, ['--require', join(here, 'exitWithParent.cjs'), join(here, 'serveHardhatNetwork.cjs')], {
    cwd: here,
    env: {
      ...process.env,
      LATCH_CHAIN_ID: String(chainId),
      LATCH_NODE_PORT: String(port),
      // In the environment, not argv: /proc/<pid>/cmdline is readable by every local user.
      LATCH_NODE_SECRET: secret,
      HARDHAT_CONFIG: join(here, 'hardhat.config.cjs'),
      HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)))
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)))
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
      setTimeout(() => child.kill('SIGKILL'), 3000).unref()
    })
  try {
    const actualPort = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new HardhatNodeStartError({ chainId, reason: `no answer within 60 s: ${output}` })), STARTUP_TIMEOUT_MS)
      child.on('message', (message: { type?: string; port?: number; message?: string }) => {
        if (message?.type === 'listening' && typeof message.port === 'number') (clearTimeout(timer), resolve(message.port))
        if (message?.type === 'error') (clearTimeout(timer), reject(new HardhatNodeStartError({ chainId, reason: String(message.message) })))
      })
      child.once('exit', (code) => (clearTimeout(timer), reject(new HardhatNodeStartError({ chainId, reason: `exited (${code}): ${output}` }))))
    })
    // The IPC channel was only for the port: the node must not keep this process alive.
    child.removeAllListeners('message')
    child.channel?.unref()
    return { chainId, rpcUrl: `http://127.0.0.1:${actualPort}/${secret}`, process: child, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
