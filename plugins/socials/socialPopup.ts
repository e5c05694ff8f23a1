import { parseSocialResultMessage } from '../../chains/auth/frameProtocol.js'
import { PopupClosedError, SocialConnectionFailedError } from './errors/socials.js'

/** SPEC §4: the sign-in popup's size. */
export const POPUP_WIDTH = 600
export const POPUP_HEIGHT = 800
/** How often the kit looks whether the visitor closed the popup (browsers have no event for it). */
const CLOSED_CHECK_MS = 300

/** The parts of a popup window the flow uses. */
export interface SocialPopup {
  readonly closed: boolean
  location: { href: string }
  close(): void
}

/**
 * Opens the 600×800 popup on about:blank, in the click's own task, so no popup blocker stops it;
 * it is sent to the provider once the frame answers with the URL. Centred on the page's window.
 *
 * @returns the popup, or undefined when the browser refused it
 */
export function openSocialPopup(win: Window = window): SocialPopup | undefined {
  const left = Math.max(0, Math.round(win.screenX + (win.outerWidth - POPUP_WIDTH) / 2))
  const top = Math.max(0, Math.round(win.screenY + (win.outerHeight - POPUP_HEIGHT) / 2))
  return win.open('about:blank', 'latch-social-login', `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`) ?? undefined
}

/**
 * Waits for the popup's result: a message from the secure site's origin AND from that very popup
 * (a window elsewhere, or a frame of the secure site, is ignored), in the shape of the protocol.
 * Rejects with 'Popup closed' when the visitor closes it, or 'Failed to initiate social
 * connection' when the result says the provider refused.
 *
 * @returns the result URI to hand the frame (CONNECT_SOCIAL)
 */
export function waitForSocialResult({ popup, secureSiteOrigin, signal, target = window }: { popup: SocialPopup; secureSiteOrigin: string; signal?: AbortSignal; target?: Window }): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const stop = () => {
      target.removeEventListener('message', onMessage)
      clearInterval(timer)
      signal?.removeEventListener('abort', onAbort)
    }
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== secureSiteOrigin || event.source !== (popup as unknown)) return
      const message = parseSocialResultMessage(event.data)
      if (!message) return
      stop()
      if ('error' in message) reject(new SocialConnectionFailedError({ details: message.error }))
      else resolve(message.resultUri)
    }
    const onAbort = () => {
      stop()
      reject(new PopupClosedError({ details: 'the modal closed' }))
    }
    const timer = setInterval(() => {
      if (!popup.closed) return
      stop()
      reject(new PopupClosedError())
    }, CLOSED_CHECK_MS)
    target.addEventListener('message', onMessage)
    signal?.addEventListener('abort', onAbort)
  })
}
