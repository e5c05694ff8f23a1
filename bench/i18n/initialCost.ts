// Issue 30's headline figure: what i18n adds to the JS a host loads at start, in English. The
// every-plugin host app of bench:peers (latch-all) is built twice with the same Vite build and
// measured the same way (own initial JS: its entry and static imports, gzip -9 each, minus the
// React-only page): once on today's dist/, once on a build of the same code with the i18n
// compiled away (withoutI18n.mjs).
import { rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { rollup, type OutputOptions, type RollupOptions } from 'rollup'
import { withoutI18n } from './withoutI18n.js'

export interface InitialCost {
  /** Own initial JS of latch-all on dist/ (what bench:peers prints). */
  withI18n: number
  /** The same app on the build without i18n. */
  withoutI18n: number
}

const repoRoot = resolve(import.meta.dirname, '../..')
const peersDir = join(repoRoot, 'bench', 'peers')
// Inside the repository, so the build's packages resolve as dist/'s do.
const withoutRoot = join(repoRoot, 'bench', '.without-i18n')

/** The library built as `npm run build` does, with the i18n compiled away, into bench/.without-i18n/dist. */
async function buildWithoutI18n(): Promise<void> {
  rmSync(withoutRoot, { recursive: true, force: true })
  // Non-literal specifiers: the root typecheck has no declarations for these .mjs files.
  const configFile = '../../rollup.config.mjs'
  const options = ((await import(configFile)) as { default: RollupOptions & { output: OutputOptions } }).default
  const bundle = await rollup({ ...options, plugins: [withoutI18n(), ...(options.plugins as [])], onwarn: () => {} })
  await bundle.write({ ...options.output, dir: join(withoutRoot, 'dist'), sourcemap: false })
  await bundle.close()
}

export async function measureInitialCost(): Promise<InitialCost> {
  // bench:peers' own packages (Vite, its React plugin): installed once, as bench:peers does.
  const installer = '../peers/ensureInstalled.mjs'
  await import(installer)
  const { buildApp } = await import('../peers/harness/buildApps.js')
  const { measureInitialAssets } = await import('../peers/harness/measureInitialAssets.js')
  const { BENCH_APPS } = await import('../peers/harness/apps.js')
  const initialJs = async (id: string, root: string) => {
    const app = BENCH_APPS.find((candidate) => candidate.id === id)!
    const built = await buildApp(app, { peersDir, repoRoot: root }, app.latchPlugins)
    if (built.variant !== app.latchPlugins) throw new Error(`${id} did not build with every plugin: ${built.note}`)
    return (await measureInitialAssets(built.outDir, built.base)).jsGzipBytes
  }
  const baseline = await initialJs('baseline', repoRoot)
  const withI18n = (await initialJs('latch-all', repoRoot)) - baseline
  await buildWithoutI18n()
  const without = (await initialJs('latch-all', withoutRoot)) - baseline
  return { withI18n, withoutI18n: without }
}
