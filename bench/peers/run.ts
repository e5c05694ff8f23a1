// `npm run bench:peers`: builds a minimal host app per kit with Vite, serves them on loopback and
// measures each in Chromium, side by side. See README.md for what each figure means.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { BENCH_APPS, type BenchApp } from './harness/apps.js'
import { buildApp, hasLatchVariant, type BuiltApp, type LatchVariant } from './harness/buildApps.js'
import { formatReport } from './harness/formatReport.js'
import { measureInitialAssets, type InitialAssets } from './harness/measureInitialAssets.js'
import { measureLoad, type LoadSample } from './harness/measureLoad.js'
import { selectedProfiles } from './harness/profiles.js'
import { gzipSize } from './harness/gzipSize.js'
import { readVersions } from './harness/readVersions.js'
import { serveApps } from './harness/serveApps.js'
import { summarise } from './harness/summarise.js'

const peersDir = dirname(fileURLToPath(import.meta.url))
// LATCH_ROOT: measure another checkout's built package (e.g. a branch not merged yet).
const repoRoot = resolve(process.env.LATCH_ROOT ?? resolve(peersDir, '../..'))
// Nine: a click lands anywhere in a 16.7 ms frame, so click→content of a fast modal spreads over
// a whole frame; five loads left its median a matter of luck (one run: baseline 6.5–16.2 ms).
const loads = Number(process.env.BENCH_LOADS ?? 9)
// BENCH_ONLY=latch selects every Latch app; latch-all only the one with every plugin.
const only = process.env.BENCH_ONLY?.split(',')
const apps = BENCH_APPS.filter(
  (app) => !only || app.id === 'baseline' || only.includes(app.id) || (app.latchPlugins !== undefined && only.includes('latch')),
)

console.log(`Building ${apps.length} apps with Vite…`)
const built = new Map<string, BuiltApp>()
const assets = new Map<string, InitialAssets>()
const buildAndSize = async (app: BenchApp, variant?: LatchVariant) => {
  const started = performance.now()
  const result = await buildApp(app, { peersDir, repoRoot }, variant)
  built.set(app.id, result)
  assets.set(app.id, await measureInitialAssets(result.outDir, result.base))
  console.log(`  ${app.id.padEnd(11)} ${((performance.now() - started) / 1000).toFixed(1)} s${result.variant ? ` (${result.variant})` : ''}`)
}
for (const app of apps) await buildAndSize(app, app.latchPlugins && hasLatchVariant(repoRoot, app.latchPlugins) ? app.latchPlugins : 'core')

const screensDir = join(peersDir, 'dist', 'screens')
mkdirSync(screensDir, { recursive: true })
const server = await serveApps(join(peersDir, 'dist'))
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
})
const versions = { ...readVersions(peersDir), chromium: browser.version() }
const servedGzipBytes = (path: string) => gzipSize(join(peersDir, 'dist', path))
const profiles = selectedProfiles()
// One list of samples per app and profile: `latch-all:phone`.
const samples = new Map<string, LoadSample[]>(apps.flatMap((app) => profiles.map((profile) => [`${app.id}:${profile.id}`, []] as const)))
try {
  // Round 0 warms the OS file cache and the server and is not counted. Each round then loads
  // every app once, starting one app later each time, so drift on this shared machine spreads
  // over all apps instead of landing on one.
  for (let round = 0; round <= loads; round++) {
    process.stdout.write(round === 0 ? 'Warm-up round…' : `Round ${round}/${loads}…`)
    for (let i = 0; i < apps.length; i++) {
      const app = apps[(i + round) % apps.length]!
      for (const profile of profiles) {
        const screenshot = round === 1 ? join(screensDir, `${app.id}-${profile.id}.png`) : undefined
        const url = `${server.origin}/${app.id}/`
        const measure = () => measureLoad(browser, app, url, { screenshot, servedGzipBytes, profile })
        const sample = await measure().catch(async (error: Error) => {
          const variant = built.get(app.id)?.variant
          if (round === 0 && variant !== undefined && variant !== 'core') {
            // A Latch build with plugins that does not render (a plugin's API moved on): say so
            // and measure the core alone rather than nothing.
            await buildAndSize(app, 'core')
            built.get(app.id)!.note = `${app.label}: core alone; the ${variant} variant built but did not render (${error.message.split('\n')[0]})`
          } else {
            // One more try: on a shared machine a load can miss a 30 s deadline once.
            console.warn(`\n  ${app.id} (${profile.id}): ${error.message.split('\n')[0]}; loading it again`)
          }
          return measure()
        })
        if (round > 0) samples.get(`${app.id}:${profile.id}`)!.push(sample)
      }
      process.stdout.write(` ${app.id}`)
    }
    process.stdout.write('\n')
  }
} finally {
  await browser.close()
  await server.close()
}

const baselineSamples = (profile: string) => samples.get(`baseline:${profile}`) ?? []
const baselineResult = summarise(apps[0]!, assets.get('baseline')!, { jsGzipBytes: 0, loadedJsGzipBytes: 0 }, baselineSamples('desktop'), baselineSamples('phone'))
const baseline = { jsGzipBytes: baselineResult.assets.jsGzipBytes, loadedJsGzipBytes: baselineResult.loadedJsGzipBytes }
const results = apps.map((app) => summarise(app, assets.get(app.id)!, baseline, samples.get(`${app.id}:desktop`) ?? [], samples.get(`${app.id}:phone`) ?? []))
const notes = [...built.values()].flatMap((b) => (b.note ? [b.note] : []))
notes.push(`Versions: ${Object.entries(versions).map(([name, version]) => `${name} ${version}`).join(', ')}`)
notes.push(`Screenshots of each open modal: ${screensDir}`)
console.log('')
console.log(formatReport(results, loads, notes))
writeFileSync(join(peersDir, 'results.json'), JSON.stringify({ date: new Date().toISOString(), loads, versions, notes, results }, null, 2))
console.log(`\nWrote ${join(peersDir, 'results.json')}`)
