import { observer } from 'mobx-react-lite'
import type { KeyboardEvent } from 'react'
import type { AdminStore } from './AdminStore.js'

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
      <legend>Allowed origins</legend>
      {origins.length === 0 ? (
        <p className="note">None: no page may use this project.</p>
      ) : (
        <ul aria-label="Allowed origins">
          {origins.map((origin) => (
            <li key={origin}>
              <code>{origin}</code>
              <button type="button" aria-label={`Remove ${origin}`} onClick={() => store.removeOrigin(origin)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="add-row">
        <label htmlFor="new-origin">New origin</label>
        <input
          id="new-origin"
          value={store.newOrigin}
          maxLength={2048}
          placeholder="https://shop.example"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'new-origin-error' : undefined}
          onChange={(event) => store.setNewOrigin(event.currentTarget.value)}
          onKeyDown={addOnEnter}
        />
        <button type="button" onClick={() => store.addOrigin()}>
          Add origin
        </button>
      </div>
      {error && (
        <p id="new-origin-error" className="field-error" role="alert">
          {error.shortMessage}
        </p>
      )}
    </fieldset>
  )
})
