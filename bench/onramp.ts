// The onramp plugin's cost to a host page, from the built dist/ (npm run bench builds first):
// what its entry adds up front, what the kit fetches once the feature is on (setup), and what
// the first Buy fetches (views and store). Each figure is gzip -9 of our own files, beyond the
// core entry, the connectors and account plugins it requires (loaded by then), and what was
// counted before it. Run alone with `npx tsx bench/onramp.ts`.
import { init, parse } from 'es-module-lexer'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { staticClosure } from './bundleSizes.js'

const ENTRY = 'dist/plugins/onramp.js'
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const gzip = (files: string[]) => (files.length ? gzipSync(files.map((file) => readFileSync(file, 'utf8')).join('\n'), { level: 9 }).length : 0)

/** The files of ours a module imports lazily (`import('./x.js')`), resolved beside it. */
function dynamicImports(file: string): string[] {
  const [imports] = parse(readFileSync(file, 'utf8'))
  return imports.filter((request) => request.type === 'dynamic' && request.specifier?.startsWith('.')).map((request) => join(dirname(file), request.specifier!))
}

/** Every file a set of modules loads, statically, once they run. */
async function closureOf(files: string[]): Promise<Set<string>> {
  const all = new Set<string>()
  for (const file of files) for (const found of await staticClosure(file)) all.add(found)
  return all
}

if (!existsSync(ENTRY)) {
  console.log(`${ENTRY} is missing: run npm run build first`)
} else {
  await init
  const core = await closureOf(['dist/index.js'])
  const entry = await closureOf([ENTRY])
  const beyond = (files: Set<string>, ...before: Set<string>[]) => [...files].filter((file) => !before.some((set) => set.has(file)))
  /** A module with what it loads lazily, `depth` levels down. */
  const reach = async (file: string, depth: number): Promise<Set<string>> => {
    let level = await closureOf([file])
    const all = new Set(level)
    for (let i = 0; i < depth; i++) {
      level = await closureOf([...level].flatMap(dynamicImports))
      for (const found of level) all.add(found)
    }
    return all
  }
  // What Buy's page already holds: the connectors plugin with its setup, and the account plugin
  // with its setup and the Account view and stores (Buy is an Account action).
  const required = new Set([...(await reach('dist/plugins/connectors.js', 1)), ...(await reach('dist/plugins/account.js', 2))])

  // The entry's own lazy import is the setup chunk; the setup's lazy imports are the views (and, through them, the store).
  const setupChunks = [...entry].flatMap(dynamicImports)
  const setup = await closureOf(setupChunks)
  const firstUseChunks = [...setup].flatMap(dynamicImports)
  const firstUse = await closureOf(firstUseChunks)

  const upFront = beyond(entry, core, required)
  const atStart = beyond(setup, core, required, entry)
  const onFirstBuy = beyond(firstUse, core, required, entry, setup)
  console.log('onramp plugin: gzip -9 of our code, each beyond the core, the connectors and account plugins, and the rows above')
  console.log(`  up front (the entry a host imports)           ${kb(gzip(upFront)).padStart(8)}  (${upFront.length} files)`)
  console.log(`  once the feature is on (setup chunk)          ${kb(gzip(atStart)).padStart(8)}  (${atStart.length} files)`)
  console.log(`  on first use (Buy views and store)            ${kb(gzip(onFirstBuy)).padStart(8)}  (${onFirstBuy.length} files)`)
  if (process.env.BENCH_VERBOSE) for (const file of [...upFront, ...atStart, ...onFirstBuy]) console.log(`    ${file}`)
}
