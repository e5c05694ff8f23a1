import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

// bench/peers/node_modules has it (Vite's own dependency); a non-literal specifier keeps the
// root typecheck from looking for it on machines that never ran the benchmark.
const sourceMapJs = 'source-map-js'
interface Consumer {
  originalPositionFor(position: { line: number; column: number }): { source: string | null; line: number | null; column: number | null; name: string | null }
}
const { SourceMapConsumer } = (await import(sourceMapJs)) as { SourceMapConsumer: new (raw: unknown) => Consumer }

/** Where a sampled frame's code came from: a source file of the repository (or a package) and a line. */
export interface SourcePosition {
  file: string
  line: number
  name?: string
}

/**
 * Maps a position in a served chunk (built with BENCH_SOURCEMAP=1) back to its source: through the
 * app's map to a file of Latch's dist/ or a package, then through dist's own map to the
 * TypeScript. Paths come back relative to the repository root; unknown positions as the URL.
 */
export function createSourceMapper(servedDir: string, origin: string, repoRoot: string) {
  const consumers = new Map<string, Consumer | undefined>()
  const consumerFor = (file: string) => {
    if (!consumers.has(file)) {
      const map = `${file}.map`
      consumers.set(file, existsSync(map) ? new SourceMapConsumer(JSON.parse(readFileSync(map, 'utf8'))) : undefined)
    }
    return consumers.get(file)
  }
  const step = (file: string, line: number, column: number) => {
    const found = consumerFor(file)?.originalPositionFor({ line, column })
    if (!found?.source || found.line === null) return undefined
    return { file: resolve(dirname(file), found.source), line: found.line, column: found.column ?? 0, name: found.name ?? undefined }
  }
  return (url: string, lineNumber: number, columnNumber: number): SourcePosition => {
    if (!url.startsWith(origin)) return { file: url || '(native)', line: lineNumber + 1 }
    const served = join(servedDir, new URL(url).pathname)
    const first = step(served, lineNumber + 1, columnNumber)
    if (!first) return { file: relative(repoRoot, served), line: lineNumber + 1 }
    // dist/ chunks carry their own map back to the TypeScript; packages usually do not.
    const second = step(first.file, first.line, first.column)
    const final = second ?? first
    return { file: relative(repoRoot, final.file).replace(/^(\.\.\/)+main\//, ''), line: final.line, name: final.name }
  }
}

