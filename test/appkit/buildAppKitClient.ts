import { execFileSync } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build, type PluginOption } from 'vite'

const here = dirname(fileURLToPath(import.meta.url))
const repoRoot = join(here, '../..')
/** AppKit 1.7.10 and its peers install here for `npm run bench:peers`, never in the root package.json. */
const peersDir = join(repoRoot, 'bench/peers')
/** One folder per page: `quickstart/` (AppKit's React quick start) and `local-chain/` (the same on our chain 31337). */
const pagesDir = join(here, 'pages')

/** React must be one copy: the root node_modules has its own, which Vite's dedupe would pick. */
const SHARED = /^react(-dom)?(\/|$)/

/**
 * Resolves the app's bare imports (`@reown/appkit/react`, `wagmi`, ...) and every import of
 * React as a file in bench/peers would, so AppKit and React come from that folder's installation.
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

/**
 * Installs bench/peers' packages when missing (`npm ci` from its lockfile, about two minutes
 * once) and builds the pages of test/appkit/pages with Vite in production mode.
 *
 * @param outDir - where the built pages go
 * @returns `outDir`, holding `quickstart/index.html`, `local-chain/index.html` and their assets
 * @example
 * const dir = await buildAppKitClient('test-results/appkit-client')
 */
export async function buildAppKitClient(outDir: string): Promise<string> {
  execFileSync(process.execPath, [join(peersDir, 'ensureInstalled.mjs')], { stdio: 'inherit' })
  // A non-literal specifier: the root typecheck must not need bench/peers installed.
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
  return outDir
}
