// `npx tsx bench/peers/profileLoad.ts latch-all [floor] [--heap]`: where an app's long tasks go on
// the phone profile. Builds the apps named (with source maps), loads the first once as a phone
// (4× CPU throttle, 390×844, touch) under a Chromium trace with the CPU profiler, and prints each
// main-thread task over 50 ms from navigation to load + 5 s with the sources and functions its
// samples fell in (mapped through Vite's and dist/'s source maps to the TypeScript). With --heap,
// takes a heap snapshot of each app named at load + 5 s (after a GC) and prints the constructors
// whose bytes differ most between the first and the second. Run `npm run build` first.
import { writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Page } from 'playwright-core'
import { BENCH_APPS } from './harness/apps.js'
import { buildApp } from './harness/buildApps.js'
import { installProbe } from './harness/installProbe.js'
import { createSourceMapper, type SourcePosition } from './harness/mapToSource.js'
import { readHeapSnapshot, type HeapGroups } from './harness/readHeapSnapshot.js'
import { readTrace } from './harness/readTrace.js'
import { serveApps } from './harness/serveApps.js'
import { PHONE } from './harness/profiles.js'

process.env.BENCH_SOURCEMAP = '1'
const peersDir = dirname(fileURLToPath(import.meta.url))
const repoRoot = resolve(process.env.LATCH_ROOT ?? resolve(peersDir, '../..'))
const heap = process.argv.includes('--heap')
// PROFILE_MIN_MS=20 lists shorter tasks too (the ones a change split off).
const minTaskMs = Number(process.env.PROFILE_MIN_MS ?? 50)
// PROFILE_TOP=40 lists more sources and functions per task.
const topCount = Number(process.env.PROFILE_TOP ?? 0)
const ids = process.argv.slice(2).filter((arg) => !arg.startsWith('--'))
const apps = ids.map((id) => {
  const app = BENCH_APPS.find((candidate) => candidate.id === id)
  if (!app) throw new Error(`no bench app ${id}; one of ${BENCH_APPS.map((a) => a.id).join(', ')}`)
  return app
})
if (apps.length === 0) throw new Error('name an app: latch-all, floor, baseline…')
for (const app of apps) await buildApp(app, { peersDir, repoRoot }, app.latchPlugins)

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.cpu_profiler', 'blink.user_timing', 'v8.execute']
const servedDir = join(peersDir, 'dist')
const server = await serveApps(servedDir)
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
})

/** A fresh phone load of `id`, left alone until load + 5 s; `during` runs on the page meanwhile. */
async function loadAsPhone(id: string, during: (page: Page, settled: () => Promise<void>) => Promise<void>) {
  const app = BENCH_APPS.find((candidate) => candidate.id === id)!
  const context = await browser.newContext({ viewport: PHONE.viewport, hasTouch: true, isMobile: true })
  try {
    await context.route(/^(?!https?:\/\/127\.0\.0\.1)/, (route) => route.abort('blockedbyclient'))
    await context.addInitScript({ content: 'globalThis.__name = (fn) => fn' })
    await context.addInitScript(installProbe, { button: app.button, modalContent: app.modalContent })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuThrottle })
    const settled = async () => {
      const loadEnd = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd)
      const now = await page.evaluate(() => performance.now())
      await page.waitForTimeout(Math.max(0, loadEnd + PHONE.settleAfterLoadMs - now))
    }
    await during(page, settled)
  } finally {
    await context.close()
  }
}

const ms = (value: number) => `${value.toFixed(1).padStart(6)} ms`
const top = <K>(totals: Map<K, number>, count: number) => [...totals].sort((a, b) => b[1] - a[1]).slice(0, count)
const add = <K>(totals: Map<K, number>, key: K, value: number) => totals.set(key, (totals.get(key) ?? 0) + value)

async function profile(id: string) {
  const url = `${server.origin}/${id}/`
  const mapFrame = createSourceMapper(servedDir, server.origin, repoRoot)
  const cache = new Map<string, SourcePosition>()
  const where = (frame: { url: string; lineNumber: number; columnNumber: number }) => {
    const key = `${frame.url}:${frame.lineNumber}:${frame.columnNumber}`
    if (!cache.has(key)) cache.set(key, mapFrame(frame.url, frame.lineNumber, frame.columnNumber))
    return cache.get(key)!
  }
  await loadAsPhone(id, async () => {}) // warm the file cache and the server
  let trace: Buffer | undefined
  let longTasks: Array<{ start: number; duration: number }> = []
  await loadAsPhone(id, async (page, settled) => {
    await browser.startTracing(page, { categories: CATEGORIES })
    await page.goto(url, { waitUntil: 'load' })
    await settled()
    longTasks = await page.evaluate(() => (window as unknown as { __bench: { longTasks: typeof longTasks } }).__bench.longTasks)
    trace = await browser.stopTracing()
  })
  // PROFILE_TRACE=file.json keeps the trace, to open in DevTools' Performance panel.
  if (process.env.PROFILE_TRACE) writeFileSync(process.env.PROFILE_TRACE, trace!)
  const tasks = readTrace((JSON.parse(trace!.toString('utf8')) as { traceEvents: never[] }).traceEvents, url).filter((task) => task.duration > minTaskMs)
  const observed = longTasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0)
  console.log(`\n${id}: ${tasks.length} tasks over ${minTaskMs} ms in the trace; the page's longtask observer saw ${longTasks.length}, blocking ${observed.toFixed(0)} ms`)
  for (const task of tasks) {
    const weight = task.stacks.length ? task.duration / task.stacks.length : 0
    const selfByFile = new Map<string, number>()
    const inclusiveByFile = new Map<string, number>()
    const inclusiveByFunction = new Map<string, number>()
    for (const stack of task.stacks) {
      const leaf = stack[0]
      add(selfByFile, leaf ? (leaf.url ? where(leaf).file : `(${leaf.functionName})`) : '(none)', weight)
      const files = new Set<string>()
      const functions = new Set<string>()
      for (const frame of stack) {
        if (!frame.url) continue
        const position = where(frame)
        files.add(position.file)
        // Our own code only: which setup, render or store the time went to.
        if (!position.file.includes('node_modules')) functions.add(`${frame.functionName || position.name || '(anonymous)'} ${position.file}:${position.line}`)
      }
      for (const file of files) add(inclusiveByFile, file, weight)
      for (const name of functions) add(inclusiveByFunction, name, weight)
    }
    console.log(`\n  task at ${ms(task.start)}: ${ms(task.duration)} (${ms(Math.max(0, task.duration - 50))} past 50), ${task.stacks.length} samples`)
    console.log('    trace events inside it (own time):')
    for (const [name, time] of top(task.events, 8)) console.log(`      ${ms(time)}  ${name}`)
    console.log('    self time by source:')
    for (const [file, time] of top(selfByFile, topCount || 10)) console.log(`      ${ms(time)}  ${file}`)
    console.log('    inclusive by source:')
    for (const [file, time] of top(inclusiveByFile, topCount || 12)) console.log(`      ${ms(time)}  ${file}`)
    console.log('    inclusive by function (own code):')
    for (const [name, time] of top(inclusiveByFunction, topCount || 25)) console.log(`      ${ms(time)}  ${name}`)
  }
}

async function heapOf(id: string): Promise<HeapGroups> {
  let groups: HeapGroups = new Map()
  await loadAsPhone(id, async (page, settled) => {
    await page.goto(`${server.origin}/${id}/`, { waitUntil: 'load' })
    await settled()
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('HeapProfiler.collectGarbage')
    const { usedSize } = await cdp.send('Runtime.getHeapUsage')
    const chunks: string[] = []
    cdp.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => chunks.push(chunk))
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
    groups = readHeapSnapshot(chunks.join(''))
    const total = [...groups.values()].reduce((sum, group) => sum + group.bytes, 0)
    console.log(`\n${id}: V8 heap in use ${(usedSize / 1e6).toFixed(2)} MB (as bench:peers reads it); the snapshot, with the DOM's objects, ${(total / 1e6).toFixed(2)} MB in ${groups.size} groups`)
  })
  return groups
}

function compareHeaps(id: string, groups: HeapGroups, reference: string, base: HeapGroups) {
  const keys = new Set([...groups.keys(), ...base.keys()])
  const rows = [...keys].map((key) => {
    const a = groups.get(key) ?? { bytes: 0, count: 0 }
    const b = base.get(key) ?? { bytes: 0, count: 0 }
    return { key, bytes: a.bytes - b.bytes, count: a.count - b.count, total: a.bytes }
  })
  console.log(`\n${id} against ${reference}: the 40 groups that grew most (KB added, objects added, KB in ${id})`)
  for (const row of rows.sort((x, y) => y.bytes - x.bytes).slice(0, 40))
    console.log(`  ${(row.bytes / 1024).toFixed(1).padStart(8)} KB ${String(row.count).padStart(7)}  ${(row.total / 1024).toFixed(1).padStart(8)} KB  ${row.key}`)
}

try {
  if (heap) {
    const snapshots = new Map<string, HeapGroups>()
    for (const id of ids) snapshots.set(id, await heapOf(id))
    if (ids.length > 1) compareHeaps(ids[0]!, snapshots.get(ids[0]!)!, ids[1]!, snapshots.get(ids[1]!)!)
  } else {
    await profile(ids[0]!)
  }
} finally {
  await browser.close()
  await server.close()
}
