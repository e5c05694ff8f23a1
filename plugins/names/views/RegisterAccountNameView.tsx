import { observer } from 'mobx-react-lite'
import { useId } from 'react'
import { useI18n, useKit } from '../../../ui-shell/plugin.js'
import { RegisterNameStoreToken } from '../namesTokens.js'
import { NAME_SUFFIX } from '../validateAccountName.js'

/**
 * RegisterAccountName (SPEC §4, §5): the name with its suffix, the rule it breaks as the visitor
 * types, suggestions marked available or taken, and Register: loading while the visitor signs in
 * the embedded wallet's frame and the server answers, then the success view or the reason here.
 */
export const RegisterAccountNameView = observer(function RegisterAccountNameView() {
  const store = useKit().resolve(RegisterNameStoreToken)
  const { t, say } = useI18n()
  const id = useId()
  const hint = store.error ?? store.rule ?? (store.isTaken ? t('names.taken', { name: store.fullName }) : undefined)
  return (
    <form
      className="names-form"
      aria-busy={store.isRegistering || undefined}
      onSubmit={(event) => {
        event.preventDefault()
        void store.register()
      }}
    >
      <p className="muted">{t('names.intro', { suffix: NAME_SUFFIX })}</p>
      <label htmlFor={`${id}-name`}>{t('names.label')}</label>
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
        {hint ? say(hint) : ''}
      </p>
      <Suggestions />
      <button type="submit" className="primary" disabled={!store.canRegister}>
        {store.isRegistering ? (
          <>
            <span className="spinner small" aria-hidden="true" /> {t('names.registering')}
          </>
        ) : (
          t('names.register')
        )}
      </button>
    </form>
  )
})

const Suggestions = observer(function Suggestions() {
  const store = useKit().resolve(RegisterNameStoreToken)
  const { t, say } = useI18n()
  if (store.suggestionsError) return <p className="names-hint" data-error>{say(store.suggestionsError)}</p>
  const suggestions = store.visibleSuggestions
  if (suggestions.length === 0) return null
  return (
    <ul className="names-suggestions" aria-label={t('names.suggestions')}>
      {suggestions.map(({ name, registered }) => (
        <li key={name}>
          <button type="button" className="names-suggestion" disabled={registered || store.isRegistering} onClick={() => store.setInput(name)}>
            <span className="names-suggestion-name">
              <bdi>{name}</bdi>
            </span>
            <span className="names-availability" data-taken={registered || undefined}>
              {registered ? t('names.suggestionTaken') : t('names.available')}
            </span>
          </button>
        </li>
      ))}
    </ul>
  )
})
