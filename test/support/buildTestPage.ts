import { build } from 'esbuild'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { icuCataloguesEsbuildPlugin } from '../../scripts/icuCatalogues.mjs'

/** Bundles a test page entry for Chromium into a temp folder with an index.html. */
export async function buildTestPage(entry: string): Promise<string> {
  const outdir = await mkdtemp(join(tmpdir(), 'latch-page-'))
  await build({
    entryPoints: { page: entry },
    bundle: true,
    format: 'esm',
    splitting: true,
    outdir,
    platform: 'browser',
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    jsx: 'automatic',
    logLevel: 'error',
    plugins: [icuCataloguesEsbuildPlugin()],
  })
  await writeFile(join(outdir, 'index.html'), '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Latch test page</title></head><body><script type="module" src="/page.js"></script></body></html>')
  return outdir
}
