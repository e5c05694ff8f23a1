// Issue 30's headline figure: what i18n adds to the JS a host loads at start, in English. The
// every-plugin host app of bench:peers (latch-all) is built with the same Vite build on today's
// dist/ and on a build of the same code with the i18n compiled away (withoutI18n.ts), each with
// its initial modules in one chunk (oneInitialChunk.ts), so that the figure is the code's and not
// how Rolldown happened to split each; gzip -9, minus the React-only page laid out the same way.
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { join, resolve } from 'node:path'
import { rollup, type OutputOptions, type RollupOptions } from 'rollup'
import type { ConfigureBuild } from '../peers/harness/buildApps.js'
import { noteInitialModules, oneInitialChunk } from './oneInitialChunk.js'
import { withoutI18n } from './withoutI18n.js'

export interface InitialCost {
  /** Own initial JS of latch-all on dist/, its initial modules in one chunk. */
  withI18n: number
  /** The same app on the build without i18n, laid out the same way. */
  withoutI18n: number
  /** Own initial JS of latch-all on dist/ as Vite splits it, each file gzipped alone: what bench:peers prints. */
  asBenchPeers: number
  /** How many files Vite split each build's initial JS into (baseline's aside). */
  files: { withI18n: number; withoutI18n: number }
  /**
   * Gzip bytes of latch-all's chunk with the language store and the shell's English
   * (ui-shell/i18n/createShellI18n.ts): not initial JS, but fetched by every page during start.
   */
  storeChunk: number
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

/** Gzip -9 bytes of the one file in `dir` whose name matches. */
function gzipOf(dir: string, name: RegExp): number {
  const found = readdirSync(dir).filter((file) => name.test(file))
  if (found.length !== 1) throw new Error(`expected one file matching ${name} in ${dir}, found ${found.length}`)
  return gzipSync(readFileSync(join(dir, found[0]!)), { level: 9 }).length
}

export async function measureInitialCost(): Promise<InitialCost> {
  // bench:peers' own packages (Vite, its React plugin): installed once, as bench:peers does.
  const installer = '../peers/ensureInstalled.mjs'
  await import(installer)
  const { buildApp } = await import('../peers/harness/buildApps.js')
  const { measureInitialAssets } = await import('../peers/harness/measureInitialAssets.js')
  const { BENCH_APPS } = await import('../peers/harness/apps.js')
  /** Gzip bytes of the initial JS, as Vite lays it out and in one chunk. */
  const initialJs = async (id: string, root: string) => {
    const app = BENCH_APPS.find((candidate) => candidate.id === id)!
    let outDir = ''
    const measure = async (configure: ConfigureBuild) => {
      const built = await buildApp(app, { peersDir, repoRoot: root }, app.latchPlugins, configure)
      if (built.variant !== app.latchPlugins) throw new Error(`${id} did not build with every plugin: ${built.note}`)
      outDir = built.outDir
      return measureInitialAssets(built.outDir, built.base)
    }
    const initial = new Set<string>()
    const split = await measure(noteInitialModules(initial))
    const whole = await measure(oneInitialChunk(initial))
    if (whole.jsFiles !== 1) throw new Error(`${id}'s initial modules did not fit one chunk (${whole.jsFiles} files)`)
    return { split: split.jsGzipBytes, files: split.jsFiles, whole: whole.jsGzipBytes, outDir }
  }
  const baseline = await initialJs('baseline', repoRoot)
  const withI18n = await initialJs('latch-all', repoRoot)
  // Read before the build without i18n writes over the same folder.
  const storeChunk = gzipOf(join(withI18n.outDir, 'assets'), /^createShellI18n-.*\.js$/)
  await buildWithoutI18n()
  const without = await initialJs('latch-all', withoutRoot)
  return {
    withI18n: withI18n.whole - baseline.whole,
    withoutI18n: without.whole - baseline.whole,
    asBenchPeers: withI18n.split - baseline.split,
    files: { withI18n: withI18n.files, withoutI18n: without.files },
    storeChunk,
  }
}
