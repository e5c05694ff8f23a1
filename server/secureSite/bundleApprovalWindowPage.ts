import { fileURLToPath } from 'node:url'
import { bundledPage } from '../http/bundleBrowserPage.js'

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url))

/** The approval window's page (approvalWindow/main.ts and the frame's card), bundled in memory on its first request. */
export const bundleApprovalWindowPage = bundledPage({
  entry: here('../web/approvalWindow/main.ts'),
  html: here('../web/approvalWindow/approvalWindow.html'),
  css: here('../web/walletFrame/frame.css'),
})
