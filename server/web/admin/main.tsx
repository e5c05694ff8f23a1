// The admin page's entry, bundled by `bundleAdminPage` and served at /admin/admin.js.
import { configure } from 'mobx'
import { createRoot } from 'react-dom/client'
import { AdminApp } from './AdminApp.js'
import { AdminStore } from './AdminStore.js'
import { createAdminApi } from './createAdminApi.js'
import { useAdminLocale } from './adminText.js'

configure({ enforceActions: 'always' })

// The page's words first: `?locale=` names the language, else the browser's languages choose.
const named = new URLSearchParams(location.search).get('locale')
await useAdminLocale([...(named ? [named] : []), ...navigator.languages])

// The token lives in this tab's session storage only: closing the tab signs the operator out.
const store = new AdminStore({ api: createAdminApi(), storage: sessionStorage })
void store.reload()
createRoot(document.getElementById('root')!).render(<AdminApp store={store} />)
