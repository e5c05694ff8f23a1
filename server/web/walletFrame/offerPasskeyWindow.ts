import { openPasskeyWindow, type PasskeyWindow } from './openPasskeyWindow.js'
import type { PasskeyTask } from './passkeyWindowProtocol.js'
import { FrameUserRejectedError } from './errors.js'
import { speakWhileOpen, t } from './frameText.js'

const TITLES: Record<PasskeyTask['kind'], Parameters<typeof t>[0]> = {
  register: 'passkey.register',
  recover: 'passkey.recover',
  login: 'passkey.login',
  export: 'passkey.export',
}

/**
 * Asks in the frame before opening the passkey window: browsers open a window only on the
 * visitor's own click in this frame, and a page's request is no click. One button opens it;
 * Cancel refuses the request.
 *
 * @param root - the frame's card element
 * @param task - what the window will do
 * @param open - `openPasskeyWindow` by default
 * @returns the opened window
 * @throws FrameUserRejectedError on Cancel
 */
export function offerPasskeyWindow(root: HTMLElement, task: PasskeyTask, open: (task: PasskeyTask) => PasskeyWindow = openPasskeyWindow): Promise<PasskeyWindow> {
  return new Promise((resolve, reject) => {
    const heading = document.createElement('h1')
    const text = document.createElement('p')
    const cancel = document.createElement('button')
    const proceed = document.createElement('button')
    cancel.type = proceed.type = 'button'
    proceed.className = 'approve'
    // The kit's language may change while the card is open (SYNC_LOCALE): its words follow.
    const stopSpeaking = speakWhileOpen(() => {
      heading.textContent = t(TITLES[task.kind])
      text.textContent = t('passkey.text')
      cancel.textContent = t('passkey.cancel')
      proceed.textContent = t('passkey.continue')
    })
    const actions = document.createElement('div')
    // Stacked, the long label keeps one line in a phone-wide frame; the window's button comes first.
    actions.className = 'actions stacked'
    actions.append(cancel, proceed)
    root.replaceChildren(heading, text, actions)
    root.hidden = false
    const close = () => {
      stopSpeaking()
      root.hidden = true
      root.replaceChildren()
    }
    cancel.addEventListener('click', () => {
      close()
      reject(new FrameUserRejectedError())
    })
    proceed.addEventListener('click', () => {
      close()
      try {
        resolve(open(task))
      } catch (error) {
        reject(error)
      }
    })
    proceed.focus()
  })
}
