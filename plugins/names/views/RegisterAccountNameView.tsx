import { observer } from 'mobx-react-lite'
import { useId } from 'react'
import { useKit } from '../../../ui-shell/index.js'
import { RegisterNameStoreToken } from '../namesTokens.js'
import { NAME_SUFFIX } from '../validateAccountName.js'

/**
 * RegisterAccountName (SPEC §4, §5): the name with its suffix, the rule it breaks as the visitor
 * types, suggestions marked available or taken, and Register: loading while the visitor signs in
 * the embedded wallet's frame and the server answers, then the success view or the reason here.
 */
export const RegisterAccountNameView = observer(function RegisterAccountNameView() {
  const store = useKit().resolve(RegisterNameStoreToken)
  const id = useId()
  const hint = store.error ?? store.rule ?? (store.isTaken ? `${store.fullName} is taken` : undefined)
  return (
    <form
      className="names-form"
      aria-busy={store.isRegistering || undefined}
      onSubmit={(event) => {
        event.preventDefault()
        void store.register()
      }}
    >
      <p className="muted">{`Pick a name for this account; it ends in ${NAME_SUFFIX}. Others can send to it instead of the address.`}</p>
      <label htmlFor={`${id}-name`}>Name</label>
      <div className="names-field">
        <input
          id={`${id}-name`}
          value={store.input}
          autoComplete="off"
          spellCheck={false}
          maxLength={80}
          disabled={store.isRegistering}
          aria-invalid={store.error || store.rule ? true : undefined}
          aria-describedby={`${id}-hint`}
          onChange={(event) => store.setInput(event.target.value)}
        />
        <span className="names-suffix" aria-hidden="true">
          {NAME_SUFFIX}
        </span>
      </div>
      <p id={`${id}-hint`} className="names-hint" role={store.error ? 'alert' : 'status'} data-error={store.error || store.rule ? true : undefined}>
        {hint ?? ''}
      </p>
      <Suggestions />
      <button type="submit" className="primary" disabled={!store.canRegister}>
        {store.isRegistering ? (
          <>
            <span className="spinner small" aria-hidden="true" /> Registering…
          </>
        ) : (
          'Register'
        )}
      </button>
    </form>
  )
})

const Suggestions = observer(function Suggestions() {
  const store = useKit().resolve(RegisterNameStoreToken)
  if (store.suggestionsError) return <p className="names-hint" data-error>{store.suggestionsError}</p>
  const suggestions = store.visibleSuggestions
  if (suggestions.length === 0) return null
  return (
    <ul className="names-suggestions" aria-label="Suggestions">
      {suggestions.map(({ name, registered }) => (
        <li key={name}>
          <button type="button" className="names-suggestion" disabled={registered || store.isRegistering} onClick={() => store.setInput(name)}>
            <span className="names-suggestion-name">{name}</span>
            <span className="names-availability" data-taken={registered || undefined}>
              {registered ? 'Taken' : 'Available'}
            </span>
          </button>
        </li>
      ))}
    </ul>
  )
})
