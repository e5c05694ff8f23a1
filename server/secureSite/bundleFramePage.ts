import { fileURLToPath } from 'node:url'
import { bundledPage } from '../http/bundleBrowserPage.js'

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url))

/** The frame page (frame/main.ts and the shared frame protocol), bundled in memory on its first request. */
export const bundleFramePage = bundledPage({ entry: here('../web/walletFrame/main.ts'), html: here('../web/walletFrame/frame.html'), css: here('../web/walletFrame/frame.css') })
