import { execFile } from 'node:child_process'
import { copyFile, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { build } from 'esbuild'

const run = promisify(execFile)
const repo = resolve(import.meta.dirname, '../..')

export interface PackedApp {
  /** The folder holding the bundled app (index.html, main.js): serve it. */
  distDir: string
  /** The temporary folder of the whole build, to remove afterwards. */
  root: string
}

/**
 * Builds an example host app the way a host would, outside the repository's sources: packs the
 * built package (`npm pack`), installs the tarball and the app's dependencies into a temporary
 * folder (the versions of this repository's lock, from npm's cache when it has them), type-checks
 * the app with `tsc` against the shipped declarations, and bundles it with esbuild.
 *
 * @param example - a folder under examples/ with main.tsx, index.html, tsconfig.json, package.json
 */
export async function buildPackedApp(example: string): Promise<PackedApp> {
  const root = await mkdtemp(join(tmpdir(), 'latch-packed-'))
  const { stdout } = await run('npm', ['pack', '--pack-destination', root, '--silent'], { cwd: repo })
  const tarball = join(root, stdout.trim().split('\n').at(-1)!)

  const source = join(repo, 'examples', example)
  const app = join(root, 'app')
  await mkdir(app)
  for (const file of ['main.tsx', 'index.html', 'tsconfig.json']) await copyFile(join(source, file), join(app, file))
  const manifest = JSON.parse(await readFile(join(source, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies?: Record<string, string> }
  const lock = JSON.parse(await readFile(join(repo, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> }
  const pinned = (deps: Record<string, string> = {}) =>
    Object.fromEntries(Object.keys(deps).map((name) => [name, name === 'latch' ? `file:${tarball}` : lock.packages[`node_modules/${name}`]!.version!]))
  await writeFile(
    join(app, 'package.json'),
    JSON.stringify({ ...manifest, dependencies: pinned(manifest.dependencies), devDependencies: pinned(manifest.devDependencies) }, null, 2),
  )
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], { cwd: app, timeout: 300_000 })
  // The app's own TypeScript, against the declarations the tarball ships.
  await run(process.execPath, [join(app, 'node_modules/typescript/bin/tsc'), '-p', join(app, 'tsconfig.json')], { cwd: app, timeout: 300_000 })

  const distDir = join(app, 'dist')
  await build({
    absWorkingDir: app,
    entryPoints: { main: join(app, 'main.tsx') },
    bundle: true,
    format: 'esm',
    splitting: true,
    outdir: distDir,
    platform: 'browser',
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    jsx: 'automatic',
    logLevel: 'error',
  })
  await copyFile(join(app, 'index.html'), join(distDir, 'index.html'))
  return { distDir, root }
}
