import { fileURLToPath } from 'node:url'
import { bundledPage } from '../http/bundleBrowserPage.js'

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url))

/** The admin page (React, MobX, our components), bundled in memory on its first request. */
export const bundleAdminPage = bundledPage({ entry: here('../web/admin/main.tsx'), html: here('../web/admin/index.html'), css: here('../web/admin/adminPage.css') })
