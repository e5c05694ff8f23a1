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
  const { tarball } = await packLatch(root)

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

  return { distDir: await bundleHostApp(app), root }
}

/** What `npm pack` wrote: the tarball's path and the files it holds (npm's own list). */
export interface PackedTarball {
  tarball: string
  files: string[]
  name: string
  version: string
}

/** Packs the built package (`dist/` must be built) into `destination`, as `npm publish` would. */
export async function packLatch(destination: string): Promise<PackedTarball> {
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', destination, '--loglevel=error'], { cwd: repo })
  const [packed] = JSON.parse(stdout) as { filename: string; name: string; version: string; files: { path: string }[] }[]
  return { tarball: join(destination, packed!.filename), files: packed!.files.map((file) => file.path), name: packed!.name, version: packed!.version }
}

/**
 * Bundles `app/main.tsx` with esbuild, as a host's bundler would, against the packages installed
 * in `app/node_modules` (then `nodePaths`), and copies `app/index.html` beside it.
 *
 * @param nodePaths - more folders to resolve packages from, e.g. the repository's node_modules
 * @returns the folder to serve
 */
export async function bundleHostApp(app: string, nodePaths: string[] = []): Promise<string> {
  const distDir = join(app, 'dist')
  await build({
    absWorkingDir: app,
    nodePaths,
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
  return distDir
}

/**
 * Writes the README's host page ("## A host page", unchanged but for the backend's address) and an
 * index.html into `app`, ready for `bundleHostApp`.
 *
 * @param backendHost - `127.0.0.1:<port>` of the backend the page talks to (the README says 5545)
 * @returns the snippet as the README has it
 */
export async function writeReadmeHostPage(app: string, backendHost: string): Promise<string> {
  const readme = await readFile(join(repo, 'README.md'), 'utf8')
  const snippet = readme.match(/^## A host page\n+```tsx\n([\s\S]+?)\n```/m)?.[1]
  if (!snippet?.includes("from 'latch'")) throw new Error("README.md has no host page snippet importing 'latch'")
  await writeFile(join(app, 'main.tsx'), snippet.replaceAll('127.0.0.1:5545', backendHost))
  await writeFile(join(app, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>')
  return snippet
}
