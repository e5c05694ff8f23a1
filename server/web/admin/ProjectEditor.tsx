import { observer } from 'mobx-react-lite'
import type { FormEvent } from 'react'
import type { AdminStore } from './AdminStore.js'
import { AllowedOriginsEditor } from './AllowedOriginsEditor.js'
import { DeleteProject } from './DeleteProject.js'
import { FeatureSwitches } from './FeatureSwitches.js'
import { StatusLine } from './StatusLine.js'
import { Switch } from './Switch.js'
import { t } from './adminText.js'

/** The selected project's name, features, analytics switch and allowed origins; Save writes them all. */
export const ProjectEditor = observer(function ProjectEditor({ store }: { store: AdminStore }) {
  const { draft, selected } = store
  if (!draft || !selected) return <p className="editor">{t('editor.select')}</p>
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void store.save()
  }
  return (
    <section className="editor" aria-labelledby="editor-title">
      <h2 id="editor-title">
        <bdi>{selected.name}</bdi> <bdi className="project-id">{selected.id}</bdi>
      </h2>
      {/* Buttons stay enabled while a call runs (the store ignores a second one): a disabled
          button would drop the keyboard user's focus to the page's start. */}
      <form onSubmit={save} aria-labelledby="editor-title" aria-busy={store.isBusy}>
        <label htmlFor="project-name">{t('editor.name')}</label>
        <input id="project-name" value={draft.name} maxLength={200} autoComplete="off" onChange={(event) => store.setName(event.currentTarget.value)} />
        <FeatureSwitches store={store} />
        <fieldset className="analytics">
          <legend>{t('editor.analytics')}</legend>
          <Switch
            label={t('editor.analytics')}
            checked={store.analyticsOn}
            note={t(store.analyticsOn ? 'editor.analyticsOn' : 'editor.analyticsOff')}
            onChange={(on) => store.setAnalytics(on)}
          />
        </fieldset>
        <AllowedOriginsEditor store={store} />
        <div className="save-row">
          <button type="submit" className="primary">
            {t('editor.save')}
          </button>
          {store.isDirty && <span className="note">{t('editor.unsaved')}</span>}
          <StatusLine store={store} place="save" />
        </div>
      </form>
      <DeleteProject store={store} />
    </section>
  )
})
