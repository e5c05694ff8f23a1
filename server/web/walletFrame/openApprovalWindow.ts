import type { RequestDescription } from './describeRequest.js'
import type { Asker } from './showApprovalCard.js'
import {
  APPROVAL_WINDOW_DECISION,
  APPROVAL_WINDOW_PATH,
  APPROVAL_WINDOW_READY,
  APPROVAL_WINDOW_REQUEST,
  parseApprovalWindowMessage,
  type ApprovalWindowMessage,
} from './approvalWindowProtocol.js'
import { FrameApprovalWindowBlockedError } from './errors.js'
import { currentFrameLocale, LOCALE_PARAM } from './frameText.js'

/** A window of the secure site that asks the visitor instead of the frame's card. */
export interface ApprovalWindow {
  /** The visitor's answer there; pending while they have not answered (closing the window is no answer). */
  decision: Promise<boolean>
  /** False once the visitor (or the window itself) closed it. */
  isOpen(): boolean
  /** Brings the window back to the front. */
  focus(): void
  /** Closes it and stops listening: the card was answered in the frame. */
  close(): void
}

export interface OpenApprovalWindowOptions {
  /** `window.open` by default. */
  open?: (url: string, target: string, features: string) => Window | null
  /** Where the window's messages arrive: this frame's window by default. */
  listenOn?: Pick<Window, 'addEventListener' | 'removeEventListener'>
  /** The secure site's origin: this page's by default. */
  origin?: string
}

/**
 * Opens the approval window: a top-level window on the secure site's own origin, which no page
 * can draw over, hide or make see-through (issue 26: where the frame cannot prove its card is
 * seen, the approval moves there, as Coinbase Smart Wallet asks in its own window). The window
 * asks for this frame's request, shows the same card and answers here; messages are taken only
 * from that window and the secure site's origin, and sent only to that origin. Must run in a
 * click handler: browsers open windows only on the visitor's gesture.
 *
 * @param asker - who asks, as the frame's card shows it
 * @param description - what is asked, as the frame's card shows it
 * @param options - see `OpenApprovalWindowOptions`
 * @returns the window's handle
 * @throws FrameApprovalWindowBlockedError when the browser opens no window
 * @example
 * const opened = openApprovalWindow({ dappName: 'Shop', origin: 'https://shop.example' }, description)
 * const approved = await opened.decision
 */
export function openApprovalWindow(asker: Asker, description: RequestDescription, options: OpenApprovalWindowOptions = {}): ApprovalWindow {
  const origin = options.origin ?? location.origin
  const open = options.open ?? ((url, target, features) => window.open(url, target, features))
  // Not `noopener`: the window answers through `opener`, this frame.
  const url = new URL(APPROVAL_WINDOW_PATH, origin)
  // The window speaks the frame's language: its own words are on its card too.
  if (currentFrameLocale() !== 'en') url.searchParams.set(LOCALE_PARAM, currentFrameLocale())
  const opened = open(url.href, '_blank', 'popup,width=440,height=720')
  if (!opened) throw new FrameApprovalWindowBlockedError()
  const listenOn = options.listenOn ?? window
  const post = (message: ApprovalWindowMessage) => opened.postMessage(message, origin)
  let answer!: (approved: boolean) => void
  const decision = new Promise<boolean>((resolve) => (answer = resolve))
  const onMessage = (event: MessageEvent) => {
    if (event.source !== opened || event.origin !== origin) return
    const message = parseApprovalWindowMessage(event.data)
    if (message?.type === APPROVAL_WINDOW_READY) post({ type: APPROVAL_WINDOW_REQUEST, asker, description })
    if (message?.type !== APPROVAL_WINDOW_DECISION) return
    stop()
    answer(message.approved)
  }
  const stop = () => listenOn.removeEventListener('message', onMessage as EventListener)
  listenOn.addEventListener('message', onMessage as EventListener)
  return {
    decision,
    isOpen: () => !opened.closed,
    focus: () => opened.focus(),
    close: () => {
      stop()
      opened.close()
    },
  }
}
