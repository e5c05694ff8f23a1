// Bundles this example into `outdir` (examples/vanilla/dist when run directly) with its
// index.html. `latch` and `latch/*` resolve through the repository's tsconfig paths.
import { build } from 'esbuild'
import { copyFileSync, mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const here = (file) => fileURLToPath(new URL(file, import.meta.url))

export async function buildVanilla(outdir = here('./dist')) {
  mkdirSync(outdir, { recursive: true })
  await build({
    entryPoints: [here('./main.ts')],
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  })
  copyFileSync(here('./index.html'), `${outdir}/index.html`)
  return outdir
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(`Built ${await buildVanilla()}`)
