import { fileURLToPath } from 'node:url'
import { bundledPage } from '../../bundleBrowserPage.js'

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url))

/** The admin page (React, MobX, our components), bundled in memory on its first request. */
export const bundleAdminPage = bundledPage({ entry: here('./main.tsx'), html: here('./index.html'), css: here('./adminPage.css') })
