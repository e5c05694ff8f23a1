import { fileURLToPath } from 'node:url'
import { bundledPage } from '../bundleBrowserPage.js'

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url))

/** The passkey window's page (passkeyWindow/main.ts), bundled in memory on its first request. */
export const bundlePasskeyWindowPage = bundledPage({
  entry: here('./passkeyWindow/main.ts'),
  html: here('./passkeyWindow/passkeyWindow.html'),
  css: here('./frame/frame.css'),
})
