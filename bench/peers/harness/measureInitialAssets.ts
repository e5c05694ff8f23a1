import { init, parse } from 'es-module-lexer'
import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { gzipSize } from './gzipSize.js'

export interface InitialAssets {
  /** Gzip bytes of the entry script and every chunk it imports statically, each file gzipped alone. */
  jsGzipBytes: number
  jsFiles: number
  /** Gzip bytes of the stylesheets index.html links (RainbowKit ships one; the others inject CSS from JS). */
  cssGzipBytes: number
  /** Every chunk the build wrote, lazy ones included: what the app may fetch later. */
  allJsGzipBytes: number
}

type ResolveChunk = (from: string, specifier: string) => string

/** The static import closure of `entry` inside the build: dynamic imports are fetched on use, not counted. */
async function staticClosure(entry: string, resolveChunk: ResolveChunk, seen: Set<string>): Promise<void> {
  await init
  if (seen.has(entry)) return
  seen.add(entry)
  const [imports] = parse(readFileSync(entry, 'utf8'))
  for (const request of imports) {
    if (request.type !== 'static' && request.type !== 'reexport-star') continue
    const specifier = request.specifier
    // Bare specifiers cannot remain in a Vite build; anything else is not a chunk of ours.
    if (!specifier || !(specifier.startsWith('.') || specifier.startsWith('/'))) continue
    await staticClosure(resolveChunk(entry, specifier), resolveChunk, seen)
  }
}

/**
 * What a fresh load must fetch before the app runs: the module script index.html names and its
 * static imports (Vite also lists them as modulepreload links), plus the linked stylesheets.
 *
 * @param outDir - the app's Vite output folder
 * @param publicBase - the `base` the app was built with, e.g. `/latch/`
 */
export async function measureInitialAssets(outDir: string, publicBase: string): Promise<InitialAssets> {
  const resolveChunk: ResolveChunk = (from, specifier) =>
    specifier.startsWith('/') ? join(outDir, specifier.slice(publicBase.length)) : resolve(dirname(from), specifier)
  const html = readFileSync(join(outDir, 'index.html'), 'utf8')
  const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1]
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? []
  const entries = tags.filter((tag) => tag.startsWith('<script') && /type="module"/.test(tag)).map((tag) => attr(tag, 'src')!)
  const styles = tags.filter((tag) => /rel="stylesheet"/.test(tag)).map((tag) => attr(tag, 'href')!)
  const seen = new Set<string>()
  for (const src of entries) await staticClosure(resolveChunk(join(outDir, 'index.html'), src), resolveChunk, seen)
  const cssGzipBytes = styles.reduce((sum, href) => sum + gzipSize(resolveChunk(outDir, href)), 0)
  const jsGzipBytes = [...seen].reduce((sum, file) => sum + gzipSize(file), 0)
  return { jsGzipBytes, jsFiles: seen.size, cssGzipBytes, allJsGzipBytes: allChunks(outDir) }
}

function allChunks(outDir: string): number {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>
  const files = new Set(Object.values(manifest).map((chunk) => chunk.file).filter((file) => file.endsWith('.js')))
  return [...files].reduce((sum, file) => sum + gzipSize(join(outDir, file)), 0)
}
