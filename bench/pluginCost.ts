// A lazily loaded plugin's cost to a host page, from the built dist/: what its entry adds up
// front, what the kit fetches once its feature is on (the setup chunk the entry imports lazily),
// and what its first use fetches (the chunks the setup imports lazily: views and stores). Each
// figure is gzip -9 of our own files beyond the core entry, the plugins it requires as they are
// loaded by then, and the rows above it.
import { init, parse } from 'es-module-lexer'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { staticClosure } from './bundleSizes.js'

/** A plugin the measured one requires, and how many lazy levels of it the page holds by then. */
export interface LoadedBefore {
  entry: string
  depth: number
}

export interface PluginCost {
  upFront: string[]
  atStart: string[]
  onFirstUse: string[]
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
export const gzipOf = (files: string[]) => (files.length ? gzipSync(files.map((file) => readFileSync(file, 'utf8')).join('\n'), { level: 9 }).length : 0)

/** The files of ours a module imports lazily (`import('./x.js')`), resolved beside it. */
function lazyImportsOf(file: string): string[] {
  const [imports] = parse(readFileSync(file, 'utf8'))
  return imports.filter((request) => request.type === 'dynamic' && request.specifier?.startsWith('.')).map((request) => join(dirname(file), request.specifier!))
}

/** Every file the modules load statically once they run. */
async function loadedBy(files: string[]): Promise<Set<string>> {
  const all = new Set<string>()
  for (const file of files) for (const found of await staticClosure(file)) all.add(found)
  return all
}

/** A module and what it loads lazily, `depth` levels down. */
async function reachOf(file: string, depth: number): Promise<Set<string>> {
  let level = await loadedBy([file])
  const all = new Set(level)
  for (let i = 0; i < depth; i++) {
    level = await loadedBy([...level].flatMap(lazyImportsOf))
    for (const found of level) all.add(found)
  }
  return all
}

/** The three figures' files; undefined when dist/ lacks the entry (run npm run build first). */
export async function measurePluginCost(entryFile: string, before: LoadedBefore[]): Promise<PluginCost | undefined> {
  if (!existsSync(entryFile)) return undefined
  await init
  const core = await loadedBy(['dist/index.js'])
  const required = new Set<string>()
  for (const { entry, depth } of before) for (const file of await reachOf(entry, depth)) required.add(file)
  const entry = await loadedBy([entryFile])
  const setup = await loadedBy([...entry].flatMap(lazyImportsOf))
  const firstUse = await loadedBy([...setup].flatMap(lazyImportsOf))
  const beyond = (files: Set<string>, ...sets: Set<string>[]) => [...files].filter((file) => !sets.some((set) => set.has(file)))
  return {
    upFront: beyond(entry, core, required),
    atStart: beyond(setup, core, required, entry),
    onFirstUse: beyond(firstUse, core, required, entry, setup),
  }
}

/** Prints the three rows under a title; `firstUse` names what the first use loads. */
export async function printPluginCost(title: string, entryFile: string, before: LoadedBefore[], firstUse: string): Promise<void> {
  const cost = await measurePluginCost(entryFile, before)
  if (!cost) return console.log(`${entryFile} is missing: run npm run build first`)
  console.log(`${title}: gzip -9 of our code, each beyond the core, the plugins it requires, and the rows above`)
  const row = (label: string, files: string[]) => console.log(`  ${label.padEnd(46)}${kb(gzipOf(files)).padStart(8)}  (${files.length} files)`)
  row('up front (the entry a host imports)', cost.upFront)
  row('once the feature is on (setup chunk)', cost.atStart)
  row(`on first use (${firstUse})`, cost.onFirstUse)
  if (process.env.BENCH_VERBOSE) for (const file of [...cost.upFront, ...cost.atStart, ...cost.onFirstUse]) console.log(`    ${file}`)
}
