import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { build, type Alias, type InlineConfig, type PluginOption } from 'vite'

// Only bench/peers/node_modules has it: a non-literal specifier keeps the root typecheck from
// looking for it on machines that never ran the benchmark.
const pluginReact = '@vitejs/plugin-react'
const { default: react } = (await import(pluginReact)) as { default: () => PluginOption }
import type { BenchApp } from './apps.js'

/** Where the harness lives and where Latch's built package is. */
export interface BenchPaths {
  /** bench/peers */
  peersDir: string
  /** The repository root, whose dist/ holds the built Latch package. */
  repoRoot: string
}

export interface BuiltApp {
  app: BenchApp
  outDir: string
  base: string
  /** What went into the app beyond the obvious, for the table's notes. */
  note?: string
}

/**
 * 'latch', 'latch/kernel', 'latch/plugins/*' and 'latch/chains/*' to the built package, as the
 * root package.json "exports" map them: the app gets what a host installing Latch gets.
 */
function latchAliases(repoRoot: string, pluginsModule: string): Alias[] {
  const dist = join(repoRoot, 'dist')
  return [
    { find: /^latch$/, replacement: join(dist, 'index.js') },
    { find: /^latch\/kernel$/, replacement: join(dist, 'kernel.js') },
    { find: /^latch\/(plugins|chains)\/([\w-]+)$/, replacement: `${dist}/$1/$2.js` },
    { find: /^bench:latch-plugins$/, replacement: pluginsModule },
  ]
}

function viteConfig(app: BenchApp, paths: BenchPaths, outDir: string, aliases: Alias[]): InlineConfig {
  return {
    configFile: false,
    root: join(paths.peersDir, 'apps', app.id),
    base: `/${app.id}/`,
    logLevel: 'error',
    plugins: [react()],
    resolve: {
      alias: aliases,
      // Latch's dist/ sits outside bench/peers: without this it would bring a second React (and viem).
      dedupe: ['react', 'react-dom', 'viem', 'mobx'],
    },
    // Some wallet SDKs still read Node's `global`.
    define: { global: 'globalThis' },
    build: {
      outDir,
      emptyOutDir: true,
      manifest: true,
      reportCompressedSize: false,
      chunkSizeWarningLimit: Number.MAX_SAFE_INTEGER,
    },
  }
}

/**
 * Builds one app with Vite in production mode (Vite's defaults: minified, code-split).
 * Latch uses its connectors plugin when the built package has one; otherwise, or when that
 * build fails, the core alone, and the note says which.
 */
export async function buildApp(app: BenchApp, paths: BenchPaths): Promise<BuiltApp> {
  const outDir = join(paths.peersDir, 'dist', app.id)
  const base = `/${app.id}/`
  if (app.id !== 'latch') {
    await build(viteConfig(app, paths, outDir, []))
    return { app, outDir, base }
  }
  const appDir = join(paths.peersDir, 'apps', 'latch')
  const core = join(appDir, 'plugins.core.js')
  const hasConnectors = ['plugins/connectors.js', 'chains/eip155.js'].every((file) => existsSync(join(paths.repoRoot, 'dist', file)))
  if (hasConnectors) {
    try {
      await build(viteConfig(app, paths, outDir, latchAliases(paths.repoRoot, join(appDir, 'plugins.connectors.js'))))
      return { app, outDir, base, note: 'Latch: core + connectors plugin (injected, EIP-6963)' }
    } catch (error) {
      await build(viteConfig(app, paths, outDir, latchAliases(paths.repoRoot, core)))
      return { app, outDir, base, note: `Latch: core alone; the connectors build failed (${(error as Error).message.split('\n')[0]})` }
    }
  }
  await build(viteConfig(app, paths, outDir, latchAliases(paths.repoRoot, core)))
  return { app, outDir, base, note: 'Latch: core alone (createKit, LatchProvider, ConnectButton, Connect view); dist/ has no connectors plugin yet' }
}
