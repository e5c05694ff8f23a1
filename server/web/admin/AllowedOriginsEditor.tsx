import { observer } from 'mobx-react-lite'
import type { KeyboardEvent } from 'react'
import type { AdminStore } from './AdminStore.js'
import { t } from './adminText.js'
import { adminErrorText } from './adminErrorText.js'

/** The project's allowed origins: each with its Remove button, and a field to add one, checked as the API checks it. */
export const AllowedOriginsEditor = observer(function AllowedOriginsEditor({ store }: { store: AdminStore }) {
  const origins = store.draft?.allowedOrigins ?? []
  const error = store.originError
  const addOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the origin; it must not submit (save) the whole project.
    if (event.key !== 'Enter') return
    event.preventDefault()
    store.addOrigin()
  }
  return (
    <fieldset className="origins">
      <legend>{t('origins.title')}</legend>
      {origins.length === 0 ? (
        <p className="note">{t('origins.none')}</p>
      ) : (
        <ul aria-label={t('origins.title')}>
          {origins.map((origin) => (
            <li key={origin}>
              <code>
                <bdi>{origin}</bdi>
              </code>
              <button type="button" aria-label={t('origins.removeLabel', { origin })} onClick={() => store.removeOrigin(origin)}>
                {t('origins.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="add-row">
        <label htmlFor="new-origin">{t('origins.new')}</label>
        <input
          id="new-origin"
          value={store.newOrigin}
          maxLength={2048}
          placeholder={t('origins.placeholder')}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'new-origin-error' : undefined}
          onChange={(event) => store.setNewOrigin(event.currentTarget.value)}
          onKeyDown={addOnEnter}
        />
        <button type="button" onClick={() => store.addOrigin()}>
          {t('origins.add')}
        </button>
      </div>
      {error && (
        <p id="new-origin-error" className="field-error" role="alert">
          {adminErrorText(error).text}
        </p>
      )}
    </fieldset>
  )
})
