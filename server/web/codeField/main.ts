import { CODE_CHANNEL_ID, CODE_CHANNEL_PARAM } from '../../../chains/auth/codeFieldUrl.js'
import { applyFrameTheme } from '../walletFrame/applyFrameTheme.js'
import { codeChannelName, parseCodeFieldMessage } from '../walletFrame/codeFieldChannel.js'
import { LOCALE_PARAM, t, useFrameLocale } from '../walletFrame/frameText.js'

// The one-time-code field (issue 26), embedded in the kit's modal like a payment form's card
// field. The code goes only to the wallet frame of the same secure origin, over the channel the
// URL names; nothing here talks to the embedding page, which never sees a keystroke.
const query = new URLSearchParams(location.search)
const input = document.getElementById('code') as HTMLInputElement
const status = document.getElementById('code-status')!
const theme = query.get('theme')
applyFrameTheme(document.documentElement, theme === 'light' || theme === 'dark' ? theme : undefined, { '--latch-accent': query.get('accent') ?? undefined })

function show(text: string, invalid: boolean) {
  status.textContent = text
  if (invalid) input.setAttribute('aria-invalid', 'true')
  else input.removeAttribute('aria-invalid')
}

// The field speaks the kit's language (the locale on its URL), from the frame's catalogue.
async function start() {
  await useFrameLocale(query.get(LOCALE_PARAM), 'codeField.title')
  document.getElementById('code-label')!.textContent = t('codeField.label')
  const channelId = query.get(CODE_CHANNEL_PARAM) ?? ''
  if (!CODE_CHANNEL_ID.test(channelId)) {
    input.disabled = true
    show(t('codeField.notConnected'), true)
  } else {
    const channel = new BroadcastChannel(codeChannelName(channelId))
    const submit = () => {
      if (!/^[0-9]{6}$/.test(input.value) || input.readOnly) return
      input.readOnly = true
      show(t('codeField.checking'), false)
      channel.postMessage({ type: 'CODE', code: input.value })
    }
    channel.onmessage = (event: MessageEvent) => {
      const message = parseCodeFieldMessage(event.data)
      if (message?.type !== 'RESULT' || !input.readOnly) return
      if (message.error === undefined) return show(t('codeField.accepted'), false)
      // Refused (wrong, expired, locked): the sentence stays, the field clears for the next try.
      input.value = ''
      input.readOnly = false
      show(message.error, true)
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
