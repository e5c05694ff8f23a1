import { existsSync, readdirSync } from 'node:fs'
import { isAbsolute, join } from 'node:path'
import dynamicImportVars from '@rollup/plugin-dynamic-import-vars'
import esbuild from 'rollup-plugin-esbuild'
import { catalogueOf, icuCataloguesPlugin } from './scripts/icuCatalogues.mjs'

/** One entry per folder of `root` that has an index.ts: each plugin and each chain namespace. */
const entriesUnder = (root) =>
  existsSync(root)
    ? Object.fromEntries(
        readdirSync(root, { withFileTypes: true })
          .filter((entry) => entry.isDirectory() && existsSync(join(root, entry.name, 'index.ts')))
          .map((entry) => [`${root}/${entry.name}`, join(root, entry.name, 'index.ts')]),
      )
    : {}

// The kernel's contract a host's first script needs (tokens, errors, plugin definitions and their
// order): a chunk apart from the kernel, which brings tsyringe and starts with the kit.
const KERNEL_CONTRACT = /\/kernel\/(token|version|errors\/\w+|loader\/(definePlugin|orderPlugins))\.ts$/

// The entries a host page imports to start: the core and the plugins' factories. Not the chain
// entries: their modules reach optional peers (viem, @walletconnect/*) lazily, which a host
// without that namespace must not see.
const HOST_ENTRY = /\/(ui-shell\/index|plugins\/\w+\/index)\.ts$/
// What `createKit` loads once the host's page was painted: the shell and the services (the
// kernel has its own chunk, which headless hosts load without the shell).
const KIT_BOOT = /\/ui-shell\/bootKit\.ts$/

/**
 * Whether a module is in the static graph of a module `root` matches (the module itself
 * included), walking up its importers; `cache` keeps the whole walks' answers.
 */
function inStaticGraphOf(root, cache, id, getModuleInfo, seen = new Set()) {
  if (cache.has(id)) return cache.get(id)
  if (seen.has(id)) return false
  // Only a whole walk's answer is kept: one cut short by a cycle is not.
  const whole = seen.size === 0
  seen.add(id)
  const info = getModuleInfo(id)
  if (!info || info.isExternal) return false
  const result = root.test(id) || info.importers.some((importer) => inStaticGraphOf(root, cache, importer, getModuleInfo, seen))
  if (whole) cache.set(id, result)
  return result
}
const startCache = new Map()
const bootCache = new Map()
/**
 * Whether a module is in the static graph of an entry a host imports to start: all of those go
 * in one chunk, so a host's first script is a few files rather than one per shared module.
 */
const startsWithHost = (id, getModuleInfo) =>
  !HOST_ENTRY.test(id) && inStaticGraphOf(HOST_ENTRY, startCache, id, getModuleInfo)
/**
 * Whether a module is in the static graph of the kit's start: all of those go in one chunk too.
 * A host's bundler adds a `<link rel=modulepreload>` per file a lazy chunk needs, when it
 * imports it: for the 17 files of the start, that took a phone 50–120 ms in one task (issue 32).
 */
const bootsWithKit = (id, getModuleInfo) => inStaticGraphOf(KIT_BOOT, bootCache, id, getModuleInfo)

// What the language store's lazy chunk (ui-shell/i18n/createShellI18n.ts) shares with a page's
// initial code, in a chunk that imports nothing else of ours (renderMessage stays with the store). Were the store's chunk to import
// the shell's own chunk, Vite's bundler (Rolldown) would split that chunk off the host's entry
// though the entry has loaded it already (rolldown/rolldown#10731): bench:peers measured 0.8 KB
// gzip more initial JS, in two more files.
const I18N_CORE = /\/ui-shell\/i18n\/(activeLocale|catalogue|localeCandidates|pseudoLocale)\.ts$/

export default {
  input: {
    // The core: the host API; it loads the kernel and the modal shell when the kit starts.
    index: 'ui-shell/index.ts',
    // What plugin authors build with: the shell's extension points, components and services.
    plugin: 'ui-shell/plugin.ts',
    // The kernel alone, for connector authors and headless hosts.
    kernel: 'kernel/index.ts',
    // The buttons as custom elements, for hosts without React.
    elements: 'ui-shell/elements/index.ts',
    ...entriesUnder('plugins'),
    ...entriesUnder('chains'),
  },
  // Every package import stays external: react, react-dom and the chain libraries are peers,
  // the rest are dependencies the host's bundler dedupes.
  external: (id) => !id.startsWith('.') && !isAbsolute(id) && !id.startsWith('\0'),
  // Externals are pure except the metadata polyfill tsyringe needs, so chunks don't import
  // packages only for side effects they don't have.
  treeshake: { moduleSideEffects: (id, external) => !external || id === 'reflect-metadata' },
  plugins: [
    // Message catalogues compiled here: no ICU parser in any chunk.
    icuCataloguesPlugin(),
    esbuild({
      target: 'es2022',
      jsx: 'automatic',
      minify: true,
      tsconfig: 'tsconfig.json',
      exclude: [/node_modules/],
    }),
    // A catalogue's `import(`./${locale}.json`)`: one chunk per locale file in its folder.
    dynamicImportVars(),
  ],
  output: {
    dir: 'dist',
    format: 'es',
    entryFileNames: '[name].js',
    // A locale's catalogue is its own chunk, in its locale's folder and named after its owner
    // ('locales/ar/connect-…'), for the bench.
    chunkFileNames: (chunk) => {
      const catalogue = chunk.facadeModuleId ? catalogueOf(chunk.facadeModuleId) : undefined
      return catalogue ? `chunks/locales/${catalogue[1]}/${catalogue[0]}-[hash].js` : 'chunks/[name]-[hash].js'
    },
    sourcemap: true,
    hoistTransitiveImports: false,
    // What a host's first script needs in one chunk; the kernel in another, loaded when the kit starts.
    manualChunks: (id, { getModuleInfo }) =>
      startsWithHost(id, getModuleInfo)
        ? 'hostStart'
        : KERNEL_CONTRACT.test(id)
          ? 'kernelContract'
          : id.includes('/kernel/')
            ? 'kernel'
            : I18N_CORE.test(id)
              ? 'i18nCore'
              : bootsWithKit(id, getModuleInfo)
                ? 'kitBoot'
                : undefined,
  },
  onwarn(warning, warn) {
    if (warning.code === 'CIRCULAR_DEPENDENCY' && warning.ids?.every((id) => id.includes('node_modules'))) return
    warn(warning)
  },
}
