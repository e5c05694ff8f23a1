import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

/** What one backend instance of the cluster runs with; the same on every restart. */
export interface InstanceSpec {
  /** Its main port; its secure site listens on `port + 1`. */
  port: number
  /** `server/cli.ts` flags after `--port` and `--host`. */
  args: string[]
  /** Added to the environment (`REDIS_URL`, …). */
  env: Record<string, string>
  /** Each line of its output (the cluster script prints them, tests keep the tail for errors). */
  onLine?: (line: string) => void
}

/** One running backend process. */
export interface RunningInstance {
  process: ChildProcess
  /** Resolves once it exited (by a signal or by itself). */
  exited: Promise<void>
}

/**
 * Starts `server/cli.ts` as a child process (one Node process: `node --import tsx`, so a signal
 * reaches the server itself, not a wrapper that would leave it running), and resolves once it
 * prints that it serves. A start that fails rejects with its last output.
 */
export async function startInstance(spec: InstanceSpec, timeoutMs = 120_000): Promise<RunningInstance> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', '--port', String(spec.port), '--host', '127.0.0.1', ...spec.args], {
    cwd: ROOT,
    env: { ...process.env, ...spec.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  let tail = ''
  let ready: () => void
  const started = new Promise<void>((resolve) => (ready = resolve))
  for (const stream of [child.stdout!, child.stderr!]) {
    let partial = ''
    stream.setEncoding('utf8')
    stream.on('data', (chunk: string) => {
      partial += chunk
      const lines = partial.split('\n')
      partial = lines.pop()!
      for (const line of lines) {
        tail = `${tail}${line}\n`.slice(-4000)
        spec.onLine?.(line)
        if (line.startsWith('Latch server ready at')) ready()
      }
    })
  }
  let timer: NodeJS.Timeout | undefined
  const failed = new Promise<never>((_, reject) => {
    void exited.then(() => reject(new Error(`instance on port ${spec.port} exited before it served (code ${child.exitCode}):\n${tail}`)))
    timer = setTimeout(() => reject(new Error(`instance on port ${spec.port} did not serve within ${timeoutMs} ms:\n${tail}`)), timeoutMs)
  })
  try {
    await Promise.race([started, failed])
  } catch (error) {
    child.kill('SIGKILL')
    throw error
  } finally {
    clearTimeout(timer)
  }
  failed.catch(() => undefined)
  return { process: child, exited }
}
