import { observer } from 'mobx-react-lite'
import type { FormEvent } from 'react'
import type { AdminStore } from './AdminStore.js'
import { t } from './adminText.js'

/** Asks for the admin token: pasted, checked against the API, then kept for this tab only. */
export const SignInForm = observer(function SignInForm({ store }: { store: AdminStore }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const token = new FormData(event.currentTarget).get('token')
    if (typeof token === 'string' && token.trim() !== '') void store.signIn(token)
  }
  return (
    <form className="sign-in" aria-labelledby="sign-in-title" onSubmit={submit}>
      <h2 id="sign-in-title">{t('signIn.title')}</h2>
      <p id="token-help">{t('signIn.help')}</p>
      <label htmlFor="admin-token">{t('signIn.tokenLabel')}</label>
      <input id="admin-token" name="token" type="password" autoComplete="off" spellCheck={false} required aria-describedby="token-help" autoFocus />
      <button type="submit">
        {t('signIn.submit')}
      </button>
    </form>
  )
})
