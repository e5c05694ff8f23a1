import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { testDatabaseKind, testDatabaseUrlFor } from '../support/testDatabase.js'

const require = createRequire(import.meta.url)
const tsx = join(require.resolve('tsx/package.json'), '..', 'dist/cli.mjs')

/** A running `npm run server` (the CLI under tsx), once it printed its URL. */
export interface RunningCli {
  child: ChildProcessWithoutNullStreams
  url: string
  /** Everything printed on stdout so far. */
  output(): string
}

/**
 * Spawns `server/cli.ts` with these arguments and resolves once it prints
 * `Latch server ready at <url>`; rejects if it exits first. The caller kills the child. On the
 * Postgres run a CLI told no database gets its data folder's (`DATABASE_URL`), as a backend
 * started in the test's own process does.
 *
 * @param args - CLI flags, e.g. `['--port', '0', '--data', dir, '--quiet']`
 * @param env - variables added to this process's environment, e.g. `LATCH_MASTER_SECRET_FILE`
 * @returns the child, its URL and its output
 */
export async function spawnCli(args: string[], env: Record<string, string> = {}): Promise<RunningCli> {
  if (testDatabaseKind() === 'postgres' && !args.includes('--database') && !env.DATABASE_URL) {
    const dataDir = args[args.indexOf('--data') + 1]
    const url = await testDatabaseUrlFor(args.includes('--data') && dataDir ? join(dataDir, 'latch.sqlite') : ':memory:')
    env = { ...env, DATABASE_URL: url! }
  }
  const child = spawn(process.execPath, [tsx, 'server/cli.ts', ...args], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...env } })
  let output = ''
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /Latch server ready at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
      if (match) resolve({ child, url: match[1]!, output: () => output })
    })
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('exit', (code) => reject(new Error(`cli exited with ${code}: ${output}`)))
  })
}

/** Stops a CLI child with SIGTERM; resolves once it has exited and all its output is read ('close'). */
export async function stopCli({ child }: RunningCli): Promise<void> {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('close', resolve))
  child.kill('SIGTERM')
  await exited
}
