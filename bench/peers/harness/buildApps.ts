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
  /** Latch only: which plugins module went in. */
  variant?: LatchVariant
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

/** Which Latch app to build: with the EVM connectors plugin, or the core alone. */
export type LatchVariant = 'connectors' | 'core'

/** What apps/latch/plugins.connectors.js imports from the built package. */
const CONNECTOR_ENTRIES = ['plugins/connectors.js', 'chains/eip155.js', 'chains/networks.js', 'chains/walletconnect.js']

/** Whether the built package has what the connectors variant imports. */
export const hasLatchConnectors = (repoRoot: string) => CONNECTOR_ENTRIES.every((file) => existsSync(join(repoRoot, 'dist', file)))

/**
 * Builds one app with Vite in production mode (Vite's defaults: minified, code-split). For Latch,
 * `variant` picks the plugins module; a connectors build that fails (its API moved) falls back to
 * the core alone, and the note says which was measured.
 */
export async function buildApp(app: BenchApp, paths: BenchPaths, variant: LatchVariant = 'core'): Promise<BuiltApp> {
  const outDir = join(paths.peersDir, 'dist', app.id)
  const base = `/${app.id}/`
  if (app.id !== 'latch') {
    await build(viteConfig(app, paths, outDir, []))
    return { app, outDir, base }
  }
  const appDir = join(paths.peersDir, 'apps', 'latch')
  const buildLatch = (module: string) => build(viteConfig(app, paths, outDir, latchAliases(paths.repoRoot, join(appDir, module))))
  if (variant === 'connectors') {
    try {
      await buildLatch('plugins.connectors.js')
      return {
        app,
        outDir,
        base,
        variant,
        note: `Latch (${join(paths.repoRoot, 'dist')}): core + connectors plugin with injected, EIP-6963 and WalletConnect connectors, mainnet and Sepolia`,
      }
    } catch (error) {
      await buildLatch('plugins.core.js')
      // Rolldown gathers its errors under `errors`; the first one names the missing export or file.
      const first = (error as { errors?: Error[] }).errors?.[0] ?? (error as Error)
      const reason = first.message.split('\n')[0]
      return { app, outDir, base, variant: 'core', note: `Latch: core alone; the connectors variant did not build (${reason})` }
    }
  }
  await buildLatch('plugins.core.js')
  return {
    app,
    outDir,
    base,
    variant,
    note: `Latch: core alone (createKit, LatchProvider, ConnectButton, the Connect view, no connector); ${join(paths.repoRoot, 'dist')} lacks ${CONNECTOR_ENTRIES.filter((file) => !existsSync(join(paths.repoRoot, 'dist', file))).join(', ')}`,
  }
}
