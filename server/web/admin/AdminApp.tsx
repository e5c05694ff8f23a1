import { observer } from 'mobx-react-lite'
import type { AdminStore } from './AdminStore.js'
import { NewProjectForm } from './NewProjectForm.js'
import { ProjectEditor } from './ProjectEditor.js'
import { ProjectList } from './ProjectList.js'
import { SignInForm } from './SignInForm.js'
import { StatusLine } from './StatusLine.js'
import { t } from './adminText.js'

/** The admin page: sign-in, or the project list beside the selected project's editor. */
export const AdminApp = observer(function AdminApp({ store }: { store: AdminStore }) {
  return (
    <>
      <header className="top">
        <h1>{t('admin.title')}</h1>
        {store.signedIn && (
          <button type="button" onClick={() => store.signOut()}>
            {t('admin.signOut')}
          </button>
        )}
      </header>
      <main>
        <StatusLine store={store} place="page" />
        {store.signedIn ? (
          <div className="layout">
            <div className="sidebar">
              <ProjectList store={store} />
              <NewProjectForm store={store} />
            </div>
            <ProjectEditor store={store} />
          </div>
        ) : (
          <SignInForm store={store} />
        )}
      </main>
    </>
  )
})
