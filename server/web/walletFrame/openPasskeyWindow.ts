import { PASSKEY_WINDOW_PATH, parsePasskeyWindowMessage, type PasskeyTask, type PasskeyWindowMessage } from './passkeyWindowProtocol.js'
import { FrameApprovalWindowBlockedError, FramePasskeyFailedError } from './errors.js'
import { currentFrameLocale, LOCALE_PARAM } from './frameText.js'

/** The passkey window as the frame drives it. */
export interface PasskeyWindow {
  /** The window's answer to the task: REGISTERED, ASSERTED or REVEAL; rejects if it failed or was closed first. */
  answer: Promise<PasskeyWindowMessage>
  /** Sends the window a later message (the key to show, after REVEAL). */
  send(message: PasskeyWindowMessage): void
}

/**
 * Opens the secure site's passkey window and gives it one task (`PasskeyTask`). WebAuthn runs
 * there, in a top-level page of this origin: the RP ID is its own host with no permission policy
 * from the embedding page, the browser's passkey prompt belongs to a page the visitor can see is
 * the wallet's, and a key to export is shown where no page can draw over it.
 *
 * @param task - what the window does
 * @returns its handle
 * @throws FrameApprovalWindowBlockedError when the browser opens no window
 */
export function openPasskeyWindow(task: PasskeyTask): PasskeyWindow {
  const origin = location.origin
  const url = new URL(PASSKEY_WINDOW_PATH, origin)
  // The window speaks the frame's language, like the approval window.
  if (currentFrameLocale() !== 'en') url.searchParams.set(LOCALE_PARAM, currentFrameLocale())
  const opened = window.open(url.href, '_blank', 'popup,width=440,height=640')
  if (!opened) throw new FrameApprovalWindowBlockedError()
  let settle!: { resolve: (message: PasskeyWindowMessage) => void; reject: (error: Error) => void }
  const answer = new Promise<PasskeyWindowMessage>((resolve, reject) => (settle = { resolve, reject }))
  const stop = () => {
    window.removeEventListener('message', onMessage)
    clearInterval(watch)
  }
  const onMessage = (event: MessageEvent) => {
    if (event.source !== opened || event.origin !== origin) return
    const message = parsePasskeyWindowMessage(event.data)
    if (!message) return
    if (message.type === 'latch-passkey/READY') return opened.postMessage({ type: 'latch-passkey/TASK', task } satisfies PasskeyWindowMessage, origin)
    stop()
    if (message.type === 'latch-passkey/FAILED') settle.reject(new FramePasskeyFailedError({ reason: message.reason }))
    else settle.resolve(message)
  }
  // Closing the window is no answer: the frame stops waiting.
  const watch = setInterval(() => {
    if (!opened.closed) return
    stop()
    settle.reject(new FramePasskeyFailedError({ reason: 'the passkey window was closed' }))
  }, 500)
  window.addEventListener('message', onMessage)
  return { answer, send: (message) => opened.postMessage(message, origin) }
}
