import { startAuthentication, startRegistration, bufferToBase64URLString } from '@simplewebauthn/browser'
import { parsePasskeyWindowMessage, type PasskeyTask, type PasskeyWindowMessage } from '../walletFrame/passkeyWindowProtocol.js'
import { LOCALE_PARAM, t, useFrameLocale } from '../walletFrame/frameText.js'

// The passkey window (KEY_SHARES.md, step 5): a top-level page of the secure site, opened by the
// wallet's frame. WebAuthn runs here, first-party on the secure origin (the RP ID is its host),
// on the visitor's click; a key being exported is shown here, never in the embedding page. It
// speaks only with the frame that opened it: its `opener`, on this same origin.
const opener = window.opener as Window | null
const root = document.getElementById('approval')!

/** Shows a heading, a sentence and, when given, one button; returns the button. */
function show(title: string, sentence: string, action?: string): HTMLButtonElement | undefined {
  const heading = document.createElement('h1')
  heading.textContent = title
  const text = document.createElement('p')
  text.textContent = sentence
  const nodes: HTMLElement[] = [heading, text]
  let button: HTMLButtonElement | undefined
  if (action) {
    button = document.createElement('button')
    button.type = 'button'
    button.className = 'approve'
    button.textContent = action
    const actions = document.createElement('div')
    actions.className = 'actions'
    actions.append(button)
    nodes.push(actions)
  }
  root.replaceChildren(...nodes)
  root.hidden = false
  button?.focus()
  return button
}

const done = (title: string, sentence: string) => show(title, sentence, t('passkeyWindow.close'))!.addEventListener('click', () => window.close())

/** Creates the passkey, then writes the frame's secret into its largeBlob (a second ceremony: WebAuthn writes blobs only on assertion). */
async function register(task: Extract<PasskeyTask, { kind: 'register' }>): Promise<PasskeyWindowMessage> {
  const response = await startRegistration({ optionsJSON: { ...task.options, extensions: { largeBlob: { support: 'required' } } as never } })
  const supported = (response.clientExtensionResults as { largeBlob?: { supported?: boolean } }).largeBlob?.supported
  if (!supported) return { type: 'latch-passkey/FAILED', reason: 'this passkey cannot keep the recovery secret (no largeBlob)' }
  const written = await startAuthentication({
    optionsJSON: {
      challenge: bufferToBase64URLString(crypto.getRandomValues(new Uint8Array(32)).buffer),
      rpId: task.options.rp.id,
      allowCredentials: [{ id: response.id, type: 'public-key' }],
      userVerification: 'required',
      extensions: { largeBlob: { write: task.blob } } as never,
    },
  })
  if (!(written.clientExtensionResults as { largeBlob?: { written?: boolean } }).largeBlob?.written)
    return { type: 'latch-passkey/FAILED', reason: 'the passkey did not keep the recovery secret' }
  return { type: 'latch-passkey/REGISTERED', response }
}

/** Asserts with a passkey to log in. */
async function logIn(task: Extract<PasskeyTask, { kind: 'login' }>): Promise<PasskeyWindowMessage> {
  return { type: 'latch-passkey/ASSERTED', response: await startAuthentication({ optionsJSON: task.options }) }
}

/** Asserts with the passkey and reads its largeBlob; the blob goes to the frame only, never in the response the server sees. */
async function recover(task: Extract<PasskeyTask, { kind: 'recover' }>): Promise<PasskeyWindowMessage> {
  const response = await startAuthentication({ optionsJSON: { ...task.options, extensions: { largeBlob: { read: true } } as never } })
  const blob = (response.clientExtensionResults as { largeBlob?: { blob?: ArrayBuffer } }).largeBlob?.blob
  if (!blob) return { type: 'latch-passkey/FAILED', reason: 'this passkey holds no recovery secret' }
  return { type: 'latch-passkey/ASSERTED', response: { ...response, clientExtensionResults: {} }, blob: new Uint8Array(blob) }
}

// The window speaks the frame's language (the locale on its URL); a reason it posts to the frame
// stays English (an error's details, SPEC §8), the visitor reads the catalogue's sentence.
async function start() {
  await useFrameLocale(new URLSearchParams(location.search).get(LOCALE_PARAM), 'passkeyWindow.title')
  if (!opener) return void show(t('passkeyWindow.nothingTitle'), t('passkeyWindow.nothingText'))
  const post = (message: PasskeyWindowMessage) => opener.postMessage(message, location.origin)
  let task: PasskeyTask | undefined
  window.addEventListener('message', (event: MessageEvent) => {
    // Only the frame that opened this window, on the secure site's own origin.
    if (event.source !== opener || event.origin !== location.origin) return
    const message = parsePasskeyWindowMessage(event.data)
    if (message?.type === 'latch-passkey/KEY' && task?.kind === 'export') return showKey(task.evmAddress, message.privateKey)
    if (message?.type !== 'latch-passkey/TASK' || task) return
    task = message.task
    const current = task
    const titles = {
      register: [t('passkey.register'), t('passkeyWindow.registerText'), t('passkeyWindow.registerAction')],
      recover: [t('passkeyWindow.recoverTitle'), t('passkeyWindow.recoverText'), t('passkeyWindow.usePasskey')],
      login: [t('passkey.login'), t('passkeyWindow.loginText'), t('passkeyWindow.usePasskey')],
      export: [t('passkey.export'), t('passkeyWindow.exportText', { address: current.kind === 'export' ? current.evmAddress : '' }), t('passkeyWindow.exportAction')],
    } as const
    const [title, sentence, action] = titles[current.kind]
    show(title, sentence, action)!.addEventListener('click', () => {
      if (current.kind === 'export') return post({ type: 'latch-passkey/REVEAL' })
      const ceremony = current.kind === 'register' ? register(current) : current.kind === 'recover' ? recover(current) : logIn(current)
      ceremony.then(
        (answer) => {
          post(answer)
          if (answer.type === 'latch-passkey/FAILED') done(t('passkeyWindow.notUsed'), t('passkeyWindow.failedText'))
          else done(t(current.kind === 'register' ? 'passkeyWindow.added' : 'passkeyWindow.used'), t('passkeyWindow.closeText'))
        },
        (error: unknown) => {
          const reason = error instanceof Error ? error.message.slice(0, 200) : 'the passkey step failed'
          post({ type: 'latch-passkey/FAILED', reason })
          done(t('passkeyWindow.notUsed'), t('passkeyWindow.failedText'))
        },
      )
    })
  })
  post({ type: 'latch-passkey/READY' })
}

function showKey(evmAddress: string, privateKey: string) {
  show(t('passkeyWindow.keyTitle'), t('passkeyWindow.keyText', { address: evmAddress }), t('passkeyWindow.close'))!.addEventListener('click', () => window.close())
  const key = document.createElement('output')
  key.id = 'private-key'
  // A value, not copy: isolated, so it reads left to right on a right-to-left page too.
  const value = document.createElement('bdi')
  value.textContent = privateKey
  key.append(value)
  root.insertBefore(key, root.querySelector('.actions'))
}

void start()
