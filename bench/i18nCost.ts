// Issue 30: what languages cost a page. The i18n runtime and the English messages the page
// loads at start, and each other locale's chunks (fetched only when a visitor switches to it).
// Sizes come from the built dist/ (npm run bench builds first).
import { build } from 'esbuild'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { icuCataloguesEsbuildPlugin } from '../scripts/icuCatalogues.mjs'
import { measureInitialCost } from './i18n/initialCost.js'

const gzip = (bytes: string | Uint8Array) => gzipSync(bytes, { level: 9 }).length
const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`

// The headline: the initial JS a host loads with every plugin, in English, with i18n and without,
// each build's initial modules in one chunk (bench/i18n/oneInitialChunk.ts says why).
const initial = await measureInitialCost()
const added = initial.withI18n - initial.withoutI18n
console.log(`English cost of i18n in a host's initial JS (bench:peers' latch-all app, own initial JS in one chunk, gzip -9):`)
console.log(`  with i18n ${initial.withI18n} B, with the i18n compiled away ${initial.withoutI18n} B: ${added >= 0 ? '+' : ''}${added} B (${kb(added)}; target <= 0.50 KB)`)
console.log(`  (as Vite splits them: ${initial.files.withI18n} files with i18n, ${initial.files.withoutI18n} without; each file gzipped alone, the figures would not compare)`)
console.log(`  the language store and the shell's English, fetched during start in a chunk of their own (not initial JS; gzipped alone): ${kb(initial.storeChunk)}`)
console.log(`  own initial JS with every plugin, as bench:peers measures it: ${kb(initial.asBenchPeers)} (issue 32's target <= 60 KB)`)

// The runtime alone (store, formatter, hook, registration: ui-shell/i18n, the pseudo-locale's
// chunk aside), minified and gzipped as a host's bundler ships it; mobx and react are the host's.
const runtime = await build({
  stdin: {
    contents: "export { I18nStore } from './ui-shell/i18n/I18nStore.js'; export { useI18n } from './ui-shell/i18n/useI18n.js'; export { registerMessages } from './ui-shell/i18n/registerMessages.js'",
    resolveDir: process.cwd(),
    loader: 'ts',
  },
  bundle: true,
  write: false,
  format: 'esm',
  minify: true,
  platform: 'browser',
  external: ['mobx', 'react', 'react/jsx-runtime', 'mobx-react-lite'],
  plugins: [
    // Only ui-shell/i18n is counted: the kit context and the kernel's createToken are the core's anyway.
    { name: 'only-i18n', setup: (b) => b.onResolve({ filter: /^\.\.?\// }, (args) => (args.importer.includes('/ui-shell/i18n/') && (!args.path.startsWith('./') || args.path.includes('pseudoLocalize')) ? { path: args.path, external: true } : undefined)) },
    icuCataloguesEsbuildPlugin(),
  ],
  logLevel: 'silent',
})
console.log(`i18n runtime a page loads at start (I18nStore, renderMessage, useI18n, registerMessages), minified: ${kb(gzip(runtime.outputFiles[0]!.contents))} gzip`)

// Each English catalogue as compiled into its chunk (the shell's in the core, a plugin's in its setup chunk).
const catalogues = ['ui-shell', ...readdirSync('plugins').map((name) => join('plugins', name))].filter((dir) => existsSync(join(dir, 'locales', 'en.json')))
const { compileCatalogue } = await import('../scripts/icuCatalogues.mjs')
let english = 0
for (const dir of catalogues) english += gzip(compileCatalogue(readFileSync(join(dir, 'locales', 'en.json'), 'utf8')))
console.log(`English catalogues, each gzipped alone (they replace the literals views held): ${kb(english)} over ${catalogues.length} catalogues`)

// The switch over each catalogue's locale files: a chunk of its own, so an English page never loads it.
const switches = readdirSync('dist/chunks').filter((file) => /^loadLocaleFile-.*\.js$/.test(file))
const switchBytes = switches.reduce((total, file) => total + gzip(readFileSync(join('dist/chunks', file))), 0)
console.log(`Locale switches (loadLocaleFile), fetched with the first locale other than English: ${kb(switchBytes)} gzip in ${switches.length} chunks`)

// Every other locale: one chunk per catalogue, fetched on use.
const dir = 'dist/chunks/locales'
const locales = existsSync(dir) ? readdirSync(dir) : []
for (const locale of locales) {
  const chunks = readdirSync(join(dir, locale)).filter((file) => file.endsWith('.js'))
  const bytes = chunks.reduce((total, file) => total + gzip(readFileSync(join(dir, locale, file))), 0)
  console.log(`  locale ${locale.padEnd(6)} ${kb(bytes).padStart(9)} gzip in ${chunks.length} chunks (${chunks.map((file) => file.replace(/-.{8}\.js$/, '')).join(', ')})`)
}
