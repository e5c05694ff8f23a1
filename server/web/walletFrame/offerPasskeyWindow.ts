import { openPasskeyWindow, type PasskeyWindow } from './openPasskeyWindow.js'
import type { PasskeyTask } from './passkeyWindowProtocol.js'
import { FrameUserRejectedError } from './errors.js'

const TITLES: Record<PasskeyTask['kind'], string> = {
  register: 'Add a passkey',
  recover: 'Recover your wallet with your passkey',
  login: 'Log in with a passkey',
  export: 'Export your private key',
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
    heading.textContent = TITLES[task.kind]
    const text = document.createElement('p')
    text.textContent = 'This continues in a window of the wallet’s own site.'
    const cancel = document.createElement('button')
    const proceed = document.createElement('button')
    cancel.type = proceed.type = 'button'
    cancel.textContent = 'Cancel'
    proceed.textContent = 'Continue in a secure window'
    proceed.className = 'approve'
    const actions = document.createElement('div')
    // Stacked, the long label keeps one line in a phone-wide frame; the window's button comes first.
    actions.className = 'actions stacked'
    actions.append(cancel, proceed)
    root.replaceChildren(heading, text, actions)
    root.hidden = false
    const close = () => {
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
