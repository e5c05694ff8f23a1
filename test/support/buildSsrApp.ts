import { build } from 'esbuild'
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface SsrApp {
  /** The Node script that prints the server's render (run it with `node`). */
  serverScript: string
  /** The page's folder: its bundle, and the index.html `writeHtml` fills with server markup. */
  pageDir: string
  writeHtml(markup: string): Promise<void>
}

// Both sides against the built package: no tsconfig `paths`, so 'latch' resolves to dist/
// through package.json "exports", as in a host app.
const AGAINST_DIST = { tsconfigRaw: { compilerOptions: { jsx: 'react-jsx' as const } }, jsx: 'automatic' as const, logLevel: 'error' as const }

/**
 * Builds a server-rendered host app: the server entry for Node (packages left to Node, so it
 * runs dist/ itself) and the page entry for Chromium.
 *
 * @param entries - the server and page entry files
 * @param outDir - where the server script goes: inside the repository, so Node resolves 'latch'
 *   to this package and react to its node_modules
 */
export async function buildSsrApp(entries: { server: string; page: string }, outDir: string): Promise<SsrApp> {
  await mkdir(outDir, { recursive: true })
  const serverScript = join(outDir, 'renderOnServer.mjs')
  const pageDir = await mkdtemp(join(tmpdir(), 'latch-ssr-page-'))
  await Promise.all([
    build({ ...AGAINST_DIST, entryPoints: [entries.server], outfile: serverScript, bundle: true, platform: 'node', format: 'esm', packages: 'external' }),
    build({
      ...AGAINST_DIST,
      entryPoints: { page: entries.page },
      outdir: pageDir,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      // React's development build: it names every hydration mismatch on the console.
      define: { 'process.env.NODE_ENV': '"development"' },
    }),
  ])
  return {
    serverScript,
    pageDir,
    writeHtml: (markup) =>
      writeFile(
        join(pageDir, 'index.html'),
        `<!doctype html><html><head><meta charset="utf-8"><title>Latch server-rendered page</title></head><body><div id="root">${markup}</div><script type="module" src="/page.js"></script></body></html>`,
      ),
  }
}
