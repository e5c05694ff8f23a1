import { fileURLToPath } from 'node:url'
import { bundledPage } from '../bundleBrowserPage.js'

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url))

/** The frame page (frame/main.ts and the shared frame protocol), bundled in memory on its first request. */
export const bundleFramePage = bundledPage({ entry: here('./frame/main.ts'), html: here('./frame/frame.html'), css: here('./frame/frame.css') })
