import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'

/** The frame page's files, in memory. */
export interface FramePageBundle {
  html: string
  js: string
  css: string
}

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url))

let pending: Promise<FramePageBundle> | undefined

/**
 * Bundles the frame page (frame/main.ts and the shared frame protocol) with esbuild into
 * memory, once per process, on first request, as `bundleAdminPage` does: `npm run server`
 * serves it without a build and a rebuild of `dist/` never takes it away. A failed build is
 * retried on the next request.
 *
 * @returns the page's HTML, script and stylesheet
 * @example
 * const { js } = await bundleFramePage()
 */
export function bundleFramePage(): Promise<FramePageBundle> {
  pending ??= build().catch((error: unknown) => {
    pending = undefined
    throw error
  })
  return pending
}

async function build(): Promise<FramePageBundle> {
  // esbuild is a devDependency: loaded only when the page is first asked for.
  const { build: esbuild } = await import('esbuild')
  const [result, html, css] = await Promise.all([
    esbuild({
      entryPoints: [here('./frame/main.ts')],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      minify: true,
      legalComments: 'none',
      tsconfigRaw: { compilerOptions: { useDefineForClassFields: true } },
      logLevel: 'silent',
    }),
    readFile(here('./frame/frame.html'), 'utf8'),
    readFile(here('./frame/frame.css'), 'utf8'),
  ])
  const js = result.outputFiles[0]?.text
  if (js === undefined) throw new Error('esbuild produced no frame page script')
  return { html, js, css }
}
