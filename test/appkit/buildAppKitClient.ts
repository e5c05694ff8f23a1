import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build, type PluginOption } from 'vite'

const here = dirname(fileURLToPath(import.meta.url))
/**
 * AppKit 1.7.10, its wagmi adapter and React install here (test/appkit/package.json), never in the
 * root package.json: only this test needs them, and only these (bench/peers holds three kits).
 */
const peersDir = here
/** One folder per page: `quickstart/` (AppKit's React quick start) and `local-chain/` (the same on our chain 31337). */
const pagesDir = join(here, 'pages')

/** React must be one copy: the root node_modules has its own, which Vite's dedupe would pick. */
const SHARED = /^react(-dom)?(\/|$)/

/**
 * Resolves the app's bare imports (`@reown/appkit/react`, `wagmi`, ...) and every import of
 * React as a file in test/appkit would, so AppKit and React come from that folder's installation.
 */
function resolveFromPeers(): PluginOption {
  const peersImporter = join(peersDir, 'index.js')
  return {
    name: 'latch:resolve-from-peers',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const fromApp = importer?.startsWith(pagesDir) && !/^[./\0]/.test(source)
      if (!fromApp && !SHARED.test(source)) return null
      return this.resolve(source, peersImporter, { ...options, skipSelf: true })
    },
  }
}

/** What the built pages depend on: the pages' sources and the locked packages. */
function inputsHash(): string {
  const hash = createHash('sha256').update(readFileSync(join(peersDir, 'package-lock.json')))
  for (const page of readdirSync(pagesDir).sort())
    for (const file of readdirSync(join(pagesDir, page)).sort()) hash.update(`${page}/${file}`).update(readFileSync(join(pagesDir, page, file)))
  return hash.digest('hex')
}

/**
 * Installs test/appkit's packages when missing (`npm ci` from its lockfile, under a minute on a
 * warm npm cache) and builds the pages of test/appkit/pages with Vite in production mode, once:
 * a build already in `outDir` from the same pages and packages is reused.
 *
 * @param outDir - where the built pages go
 * @returns `outDir`, holding `quickstart/index.html`, `local-chain/index.html` and their assets
 * @example
 * const dir = await buildAppKitClient('test-results/appkit-client')
 */
export async function buildAppKitClient(outDir: string): Promise<string> {
  if (!existsSync(join(peersDir, 'node_modules/.package-lock.json')))
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: peersDir, stdio: 'inherit' })
  const stamp = join(outDir, '.inputs')
  const inputs = inputsHash()
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === inputs) return outDir
  // A non-literal specifier: the root typecheck must not need test/appkit installed.
  const pluginReact = pathToFileURL(join(peersDir, 'node_modules/@vitejs/plugin-react/dist/index.js')).href
  const { default: react } = (await import(pluginReact)) as { default: () => PluginOption }
  await build({
    configFile: false,
    root: pagesDir,
    base: '/',
    logLevel: 'error',
    plugins: [resolveFromPeers(), react()],
    // Some wallet SDKs still read Node's `global`.
    define: { global: 'globalThis' },
    build: {
      outDir,
      emptyOutDir: true,
      reportCompressedSize: false,
      chunkSizeWarningLimit: Number.MAX_SAFE_INTEGER,
      rollupOptions: { input: { quickstart: join(pagesDir, 'quickstart/index.html'), localChain: join(pagesDir, 'local-chain/index.html') } },
    },
  })
  writeFileSync(stamp, inputs)
  return outDir
}
