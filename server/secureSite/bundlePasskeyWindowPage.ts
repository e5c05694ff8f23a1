import { fileURLToPath } from 'node:url'
import { bundledPage } from '../http/bundleBrowserPage.js'

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url))

/** The passkey window's page (passkeyWindow/main.ts), bundled in memory on its first request. */
export const bundlePasskeyWindowPage = bundledPage({
  entry: here('../web/passkeyWindow/main.ts'),
  html: here('../web/passkeyWindow/passkeyWindow.html'),
  css: here('../web/walletFrame/frame.css'),
})
