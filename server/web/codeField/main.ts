import { CODE_CHANNEL_ID, CODE_CHANNEL_PARAM } from '../../../chains/auth/codeFieldUrl.js'
import { applyFrameTheme } from '../walletFrame/applyFrameTheme.js'
import { codeChannelName, parseCodeFieldMessage } from '../walletFrame/codeFieldChannel.js'
import { LOCALE_PARAM, t, useFrameLocale } from '../walletFrame/frameText.js'
import type { RefusalValues } from '../../../chains/auth/refusalValues.js'

// The one-time-code field (issue 26), embedded in the kit's modal like a payment form's card
// field. The code goes only to the wallet frame of the same secure origin, over the channel the
// URL names; nothing here talks to the embedding page, which never sees a keystroke.
const query = new URLSearchParams(location.search)
const input = document.getElementById('code') as HTMLInputElement
const status = document.getElementById('code-status')!
const theme = query.get('theme')
applyFrameTheme(document.documentElement, theme === 'light' || theme === 'dark' ? theme : undefined, { '--latch-accent': query.get('accent') ?? undefined })

type StatusKey = 'codeField.notConnected' | 'codeField.checking' | 'codeField.accepted' | (typeof REFUSALS)[keyof typeof REFUSALS]['key']
type Said = { key: StatusKey; values?: RefusalValues } | { text: string }
/** What the status line says: a key of ours (said again in a new locale) or the frame's sentence (SPEC §8's English). */
let said: Said | undefined

/** The secure site's refusals of a code, each with its message and the number it needs. */
const REFUSALS = {
  INVALID_CODE: { key: 'codeField.wrongCode', needs: 'triesLeft' },
  LOGIN_LOCKED: { key: 'codeField.locked', needs: 'minutes' },
  CODE_EXPIRED: { key: 'codeField.codeExpired' },
  NO_CODE: { key: 'codeField.noCode' },
} as const satisfies Record<string, { key: string; needs?: keyof RefusalValues }>

/** A refusal in the field's language when the frame passed on its code and numbers, else its sentence. */
function refusalOf({ error, code, values = {} }: { error: string; code?: string; values?: RefusalValues }): Said {
  const refusal = code && Object.hasOwn(REFUSALS, code) ? REFUSALS[code as keyof typeof REFUSALS] : undefined
  if (!refusal || ('needs' in refusal && values[refusal.needs] === undefined)) return { text: error }
  return { key: refusal.key, values }
}

function show(what: Said, invalid: boolean) {
  said = what
  status.textContent = 'key' in what ? t(what.key, what.values) : what.text
  if (invalid) input.setAttribute('aria-invalid', 'true')
  else input.removeAttribute('aria-invalid')
}

/** The field's words in `locale` (checked by useFrameLocale against the shipped names); typed digits stay. */
async function speak(locale: string | null) {
  await useFrameLocale(locale, 'codeField.title')
  document.getElementById('code-label')!.textContent = t('codeField.label')
  if (said && 'key' in said) status.textContent = t(said.key, said.values)
}

// The field speaks the kit's language (the locale on its URL), from the frame's catalogue.
async function start() {
  await speak(query.get(LOCALE_PARAM))
  const channelId = query.get(CODE_CHANNEL_PARAM) ?? ''
  if (!CODE_CHANNEL_ID.test(channelId)) {
    input.disabled = true
    show({ key: 'codeField.notConnected' }, true)
  } else {
    const channel = new BroadcastChannel(codeChannelName(channelId))
    const submit = () => {
      if (!/^[0-9]{6}$/.test(input.value) || input.readOnly) return
      input.readOnly = true
      show({ key: 'codeField.checking' }, false)
      channel.postMessage({ type: 'CODE', code: input.value })
    }
    channel.onmessage = (event: MessageEvent) => {
      const message = parseCodeFieldMessage(event.data)
      // kit.setLocale while the field is open: the frame passes the new locale on (SYNC_LOCALE).
      if (message?.type === 'LOCALE') return void speak(message.locale)
      if (message?.type !== 'RESULT' || !input.readOnly) return
      if (message.error === undefined) return show({ key: 'codeField.accepted' }, false)
      // Refused (wrong, expired, locked): the sentence stays, the field clears for the next try.
      input.value = ''
      input.readOnly = false
      show(refusalOf({ ...message, error: message.error }), true)
      input.focus()
    }
    input.addEventListener('input', () => {
      input.value = input.value.replace(/\D/g, '').slice(0, 6)
      if (input.value.length === 6) submit()
    })
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') submit()
    })
    // The page ships the field disabled, so nothing is typed before these listeners exist.
    input.disabled = false
    input.focus()
  }
}

// Focus follows the modal: when the kit focuses this frame, the caret lands in the field.
window.addEventListener('focus', () => input.focus())
void start()
