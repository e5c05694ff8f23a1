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
    logLevel: 'warning',
    // dist/ chunks keep rollup's bare `import "../kernel.js"` for evaluation order; the package is
    // `"sideEffects": false` and each chunk imports what it uses, so dropping them is what a host's
    // bundler does too, and is safe: not worth 71 warnings on every build.
    logOverride: { 'ignored-bare-import': 'silent' },
  })
  copyFileSync('examples/demo/index.html', 'examples/dist/index.html')
}
