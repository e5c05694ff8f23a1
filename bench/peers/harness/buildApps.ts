import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { build, type Alias, type InlineConfig, type PluginOption } from 'vite'

// Only bench/peers/node_modules has it: a non-literal specifier keeps the root typecheck from
// looking for it on machines that never ran the benchmark.
const pluginReact = '@vitejs/plugin-react'
const { default: react } = (await import(pluginReact)) as { default: () => PluginOption }
import type { BenchApp, LatchVariant } from './apps.js'

export type { LatchVariant } from './apps.js'

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

/** Changes a benchmark's Vite config (bench/i18n lays out the initial chunks its own way). */
export type ConfigureBuild = (config: InlineConfig) => InlineConfig

function viteConfig(app: BenchApp, appDir: string, outDir: string, aliases: Alias[], configure: ConfigureBuild): InlineConfig {
  return configure({
    configFile: false,
    root: appDir,
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
      // BENCH_SOURCEMAP=1: maps beside the chunks, to see which sources make up the initial JS.
      sourcemap: process.env.BENCH_SOURCEMAP === '1',
      reportCompressedSize: false,
      chunkSizeWarningLimit: Number.MAX_SAFE_INTEGER,
    },
  })
}

/** What apps/latch/plugins.connectors.js imports from the built package. */
const CONNECTOR_ENTRIES = [
  'plugins/connectors.js',
  'plugins/connect.js',
  'plugins/account.js',
  'chains/eip155.js',
  'chains/networks.js',
  'chains/walletconnect.js',
]

/** Each Latch variant: its plugins module in apps/latch/, the built entries it imports, and what the notes call it. */
const LATCH_VARIANTS: Record<LatchVariant, { module: string; entries: readonly string[]; description: string }> = {
  connectors: {
    module: 'plugins.connectors.js',
    entries: CONNECTOR_ENTRIES,
    description: 'core + connectors plugin (injected, EIP-6963 and WalletConnect connectors) + connect and account plugins, mainnet and Sepolia',
  },
  all: {
    module: 'plugins.all.js',
    entries: [...CONNECTOR_ENTRIES, ...['email', 'socials', 'swaps', 'onramp', 'activity', 'names', 'siwx'].map((id) => `plugins/${id}.js`)],
    description: 'core + the connectors variant + email, socials, swaps, onramp, activity, names and siwx plugins',
  },
  core: { module: 'plugins.core.js', entries: [], description: 'core alone (createKit, LatchProvider, ConnectButton, no plugin)' },
}

/** The built entries a Latch variant imports that dist/ lacks. */
const missingEntries = (repoRoot: string, variant: LatchVariant) =>
  LATCH_VARIANTS[variant].entries.filter((file) => !existsSync(join(repoRoot, 'dist', file)))

/** Whether the built package has everything a Latch variant imports. */
export const hasLatchVariant = (repoRoot: string, variant: LatchVariant) => missingEntries(repoRoot, variant).length === 0

/**
 * Builds one app with Vite in production mode (Vite's defaults: minified, code-split). A Latch
 * app is apps/latch/ with the plugins module of `variant`; a variant that fails to build (its
 * API moved) falls back to the core alone, and the note says which was measured.
 */
export async function buildApp(
  app: BenchApp,
  paths: BenchPaths,
  variant: LatchVariant = 'core',
  configure: ConfigureBuild = (config) => config,
): Promise<BuiltApp> {
  const outDir = join(paths.peersDir, 'dist', app.id)
  const base = `/${app.id}/`
  if (!app.latchPlugins) {
    await build(viteConfig(app, join(paths.peersDir, 'apps', app.id), outDir, [], configure))
    return { app, outDir, base }
  }
  const appDir = join(paths.peersDir, 'apps', 'latch')
  const dist = join(paths.repoRoot, 'dist')
  const buildLatch = (built: LatchVariant) =>
    build(viteConfig(app, appDir, outDir, latchAliases(paths.repoRoot, join(appDir, LATCH_VARIANTS[built].module)), configure))
  if (variant !== 'core') {
    try {
      await buildLatch(variant)
      return { app, outDir, base, variant, note: `${app.label} (${dist}): ${LATCH_VARIANTS[variant].description}` }
    } catch (error) {
      await buildLatch('core')
      // Rolldown gathers its errors under `errors`; the first one names the missing export or file.
      const first = (error as { errors?: Error[] }).errors?.[0] ?? (error as Error)
      const reason = first.message.split('\n')[0]
      return { app, outDir, base, variant: 'core', note: `${app.label}: core alone; the ${variant} variant did not build (${reason})` }
    }
  }
  await buildLatch('core')
  const missing = app.latchPlugins ? missingEntries(paths.repoRoot, app.latchPlugins) : []
  return {
    app,
    outDir,
    base,
    variant,
    note: `${app.label}: ${LATCH_VARIANTS.core.description}${missing.length ? `; ${dist} lacks ${missing.join(', ')}` : ''}`,
  }
}
