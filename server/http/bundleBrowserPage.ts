import { readFile } from 'node:fs/promises'

/** A page the backend serves from memory: its HTML, script and stylesheet. */
export interface BrowserPageBundle {
  html: string
  js: string
  css: string
}

export interface BrowserPageFiles {
  /** The script's entry (TypeScript or TSX). */
  entry: string
  html: string
  css: string
}

/**
 * A page bundled with esbuild into memory, once per process, on its first request. Built on
 * demand rather than by `npm run build`: `npm run server` serves it without a build step, and a
 * rebuild of the shared `dist/` never takes it away. A failed build is retried on the next call.
 *
 * @example
 * const adminPage = bundledPage({ entry: here('./main.tsx'), html: here('./index.html'), css: here('./adminPage.css') })
 * const { html } = await adminPage()
 */
export function bundledPage(files: BrowserPageFiles): () => Promise<BrowserPageBundle> {
  let pending: Promise<BrowserPageBundle> | undefined
  return () =>
    (pending ??= build(files).catch((error: unknown) => {
      pending = undefined
      throw error
    }))
}

async function build({ entry, html, css }: BrowserPageFiles): Promise<BrowserPageBundle> {
  // esbuild is a devDependency: loaded only when a page is first asked for.
  const { build: esbuild } = await import('esbuild')
  // A page's message catalogues (`…/locales/*.json`) compile to the form formatMessage reads.
  const { icuCataloguesEsbuildPlugin } = await import('../../scripts/icuCatalogues.mjs')
  const [result, htmlText, cssText] = await Promise.all([
    esbuild({
      entryPoints: [entry],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      minify: true,
      legalComments: 'none',
      // Own settings, not the repository's tsconfig: no path aliases, no decorators needed here.
      tsconfigRaw: { compilerOptions: { jsx: 'react-jsx', useDefineForClassFields: true } },
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
      plugins: [icuCataloguesEsbuildPlugin()],
    }),
    readFile(html, 'utf8'),
    readFile(css, 'utf8'),
  ])
  const js = result.outputFiles[0]?.text
  if (js === undefined) throw new Error(`esbuild produced no script for ${entry}`)
  return { html: htmlText, js, css: cssText }
}
