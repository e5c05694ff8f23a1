import { build } from 'esbuild'
import { copyFileSync, mkdirSync, rmSync } from 'node:fs'

/**
 * Bundles the demo host page from examples/demo against the built package ('latch' resolves
 * to dist/ through package.json "exports"), with code splitting so each plugin stays its own
 * chunk that loads only when its feature is on.
 */
export async function buildDemo() {
  rmSync('examples/dist', { recursive: true, force: true })
  mkdirSync('examples/dist', { recursive: true })
  await build({
    entryPoints: ['examples/demo/main.tsx'],
    outdir: 'examples/dist',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    minify: true,
    sourcemap: true,
    // The demo is built against dist/, never the sources: it proves what a host gets.
    tsconfigRaw: { compilerOptions: { jsx: 'react-jsx' } },
    define: { 'process.env.NODE_ENV': '"production"' },
    // No warning is silenced: package.json's "sideEffects" names the files that have some (the kernel
    // and the shared chunks, which import the reflect-metadata polyfill), so their imports are kept.
    logLevel: 'warning',
  })
  copyFileSync('examples/demo/index.html', 'examples/dist/index.html')
  // The page names its icon, so the browser never asks for a /favicon.ico that is not there.
  copyFileSync('examples/demo/favicon.svg', 'examples/dist/favicon.svg')
}
