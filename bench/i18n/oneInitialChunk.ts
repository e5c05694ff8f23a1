// Lays out a bench:peers app's initial JS the same way whatever the code: every module a fresh
// load runs at start in one chunk. Vite's own layout (Rolldown's) depends on the module graph:
// the build with the i18n compiled away once came out as the entry plus 13 preloaded chunks where
// today's dist/ gives the entry plus 7, and gzipping each file alone made the smaller code the
// bigger figure. Compared in one chunk each, the two builds differ by their code only.
import type { ConfigureBuild } from '../peers/harness/buildApps.js'

// bench:peers' Vite (its own node_modules), not the root's.
type InlineConfig = Parameters<ConfigureBuild>[0]

interface OutputChunk {
  type: 'chunk'
  fileName: string
  isEntry: boolean
  imports: string[]
  moduleIds: string[]
}

/** Collects into `initial` the ids of the modules in the entry chunk and the chunks it imports statically. */
function collectInitialModules(initial: Set<string>) {
  return {
    name: 'bench-collect-initial-modules',
    generateBundle(_options: unknown, bundle: Record<string, { type: string; fileName: string }>) {
      const chunks = new Map<string, OutputChunk>()
      for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output as unknown as OutputChunk)
      const seen = new Set<string>()
      const visit = (fileName: string) => {
        const chunk = chunks.get(fileName)
        if (!chunk || seen.has(fileName)) return
        seen.add(fileName)
        for (const id of chunk.moduleIds) initial.add(id)
        for (const imported of chunk.imports) visit(imported)
      }
      for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName)
    },
  }
}

const withPlugin = (config: InlineConfig, plugin: ReturnType<typeof collectInitialModules>): InlineConfig => ({ ...config, plugins: [...(config.plugins ?? []), plugin] })

/** Vite's own layout, noting which modules end up in the initial JS. */
export const noteInitialModules =
  (initial: Set<string>): ConfigureBuild =>
  (config) =>
    withPlugin(config, collectInitialModules(initial))

/** Every module of `initial` (found by a first build of the same app) in one chunk, the lazy ones as Vite splits them. */
export const oneInitialChunk =
  (initial: ReadonlySet<string>): ConfigureBuild =>
  (config) => ({
    ...config,
    build: {
      ...config.build,
      rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'initial', test: (id: string) => initial.has(id) }] } } },
    },
  })
