// `npm run bench`: prints figures. Sizes come from the built dist/ (npm run bench builds first).
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { measureCoreWithDependencies, measureEntries } from './bundleSizes.js'

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const entriesIn = (dir: string) =>
  existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.js')).map((f) => join(dir, f)) : []

const entries = ['dist/index.js', 'dist/kernel.js', ...entriesIn('dist/plugins'), ...entriesIn('dist/chains')]
const sizes = await measureEntries(entries)

console.log('Bundle sizes: gzip -9 of each entry with its static imports (our code; packages excluded)')
console.log(`  ${'entry'.padEnd(28)} ${'alone'.padStart(9)} ${'beyond core'.padStart(12)}`)
for (const { entry, files, gzipBytes, beyondCoreGzipBytes } of sizes)
  console.log(`  ${entry.padEnd(28)} ${kb(gzipBytes).padStart(9)} ${kb(beyondCoreGzipBytes).padStart(12)}  (${files} files)`)
const core = sizes.find((s) => s.entry === 'index.js')!
console.log(`core entry with its static imports: ${kb(core.gzipBytes)} (budget 40 KB)`)
console.log(
  `core with tsyringe, reflect-metadata, eventemitter3, valibot, mobx-react-lite bundled (react, mobx, chain libraries excluded): ${kb(await measureCoreWithDependencies())}`,
)

// Benchmarks other parts add: each prints its own figures.
for (const script of ['bench/i18nCost.ts', 'bench/server.ts', 'bench/onramp.ts', 'bench/swaps.ts', 'bench/embeddedWallet.ts', 'bench/walletConnect.ts']) {
  if (!existsSync(script)) continue
  console.log(`\n# ${script}`)
  await import(`../${script}`)
}
