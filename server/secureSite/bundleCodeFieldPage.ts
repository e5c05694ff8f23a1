import { fileURLToPath } from 'node:url'
import { bundledPage } from '../http/bundleBrowserPage.js'

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url))

/** The secure code field's page (codeField/main.ts), bundled in memory on its first request. */
export const bundleCodeFieldPage = bundledPage({
  entry: here('../web/codeField/main.ts'),
  html: here('../web/codeField/codeField.html'),
  css: here('../web/codeField/codeField.css'),
})
