import { observer } from 'mobx-react-lite'
import type { FormEvent } from 'react'
import type { AdminStore } from './AdminStore.js'
import { t } from './adminText.js'

/** Creates a project with no origins and no flags; the editor then opens on it. */
export const NewProjectForm = observer(function NewProjectForm({ store }: { store: AdminStore }) {
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    await store.create(String(data.get('id') ?? ''), String(data.get('name') ?? ''))
    if (store.status.kind === 'done') form.reset()
  }
  return (
    <form className="new-project" aria-labelledby="new-project-title" onSubmit={(event) => void submit(event)}>
      <h2 id="new-project-title">{t('newProject.title')}</h2>
      <label htmlFor="new-project-id">{t('newProject.id')}</label>
      <input id="new-project-id" name="id" required maxLength={128} autoComplete="off" spellCheck={false} />
      <label htmlFor="new-project-name">{t('newProject.name')}</label>
      <input id="new-project-name" name="name" maxLength={200} autoComplete="off" />
      <button type="submit">
        {t('newProject.create')}
      </button>
    </form>
  )
})
