import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'

/** The admin page's three files, in memory. */
export interface AdminPageBundle {
  html: string
  js: string
  css: string
}

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url))

let pending: Promise<AdminPageBundle> | undefined

/**
 * Bundles the admin page (React, MobX, our components) with esbuild into memory, once per
 * process, on its first request. Built on demand rather than by `npm run build`: `npm run
 * server` serves the page without a build step, and a rebuild of the shared `dist/` never
 * takes it away. A failed build is retried on the next request.
 *
 * @returns the page's HTML, script and stylesheet
 * @example
 * const { html } = await bundleAdminPage()
 */
export function bundleAdminPage(): Promise<AdminPageBundle> {
  pending ??= build().catch((error: unknown) => {
    pending = undefined
    throw error
  })
  return pending
}

async function build(): Promise<AdminPageBundle> {
  // esbuild is a devDependency: loaded only when the page is first asked for.
  const { build: esbuild } = await import('esbuild')
  const [result, html, css] = await Promise.all([
    esbuild({
      entryPoints: [here('./main.tsx')],
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
    }),
    readFile(here('./index.html'), 'utf8'),
    readFile(here('./adminPage.css'), 'utf8'),
  ])
  const js = result.outputFiles[0]?.text
  if (js === undefined) throw new Error('esbuild produced no admin page script')
  return { html, js, css }
}
