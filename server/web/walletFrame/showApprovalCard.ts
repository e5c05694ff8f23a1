import { FrameApprovalWindowBlockedError } from './errors.js'
import type { RequestDescription } from './describeRequest.js'
import type { ApprovalWindow } from './openApprovalWindow.js'
import { APPROVE_DELAY_MS, type CardVisibility } from './watchCardVisibility.js'
import { speakWhileOpen, t } from './frameText.js'

export { APPROVE_DELAY_MS }

/** A longer claimed name is cut: it cannot push the checked origin out of sight or mimic it. */
export const MAX_DAPP_NAME_LENGTH = 48

/** Who asks: the name the app gives itself, and the origin the frame checked it is on. */
export interface Asker {
  /** From SYNC_DAPP_DATA: any page can claim any name. */
  dappName: string
  /** The embedding page's origin, as the browser reports it and the allow-list admitted it. */
  origin: string
}

/** What guards Approve; without them the card is in a window no page can draw over (the approval window). */
export interface ApprovalCardGuards {
  /**
   * Reports whether the card is proven visible (`watchCardVisibility`); Approve counts only while
   * it is. Without it, Approve counts once the card has shown for `APPROVE_DELAY_MS`.
   */
  watchVisibility?: (target: HTMLElement, onChange: (state: CardVisibility) => void) => () => void
  /** Opens the approval window (`openApprovalWindow`), offered once the card cannot be proven visible. */
  openWindow?: () => ApprovalWindow
}

/**
 * Shows the approval card over the whole frame and resolves true on Approve, false on Reject
 * (or Escape). The app's name is only what it claims, so the card also shows the site the
 * request really comes from. Every text goes in with textContent: nothing the dapp sent is
 * parsed as HTML. Focus starts on Reject, so an Enter meant for the page never approves. In the
 * frame, Approve counts only while `guards.watchVisibility` says the card has been seen whole
 * and unobscured long enough: a click at a hidden, covered or moved card is no approval (issue
 * 26). Where that cannot be proven, the card offers the approval window, and its answer counts.
 *
 * @param root - the page's `#approval` element
 * @param asker - who asks
 * @param description - what is asked (`describeRequest`), or how to describe it again: the card
 *   then says it again in the kit's new language when that changes while it is open (SYNC_LOCALE)
 * @param guards - see `ApprovalCardGuards`
 * @returns true once approved, false once rejected
 * @example
 * const approved = await showApprovalCard(root, asker, description, { watchVisibility: watchCardVisibility, openWindow })
 */
export function showApprovalCard(
  root: HTMLElement,
  asker: Asker,
  description: RequestDescription | (() => RequestDescription),
  guards: ApprovalCardGuards = {},
): Promise<boolean> {
  const describe = typeof description === 'function' ? description : () => description
  const element = <K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string) => {
    const node = document.createElement(tag)
    if (text !== undefined) node.textContent = text
    if (className) node.className = className
    return node
  }
  const heading = element('h1')
  heading.id = 'approval-title'
  // The checked origin first, then the name the app claims, each on its own line.
  const site = element('p', undefined, 'site')
  site.id = 'approval-site'
  // The origin and each row's value are data, not copy: isolated (bdi) so an address or a
  // message keeps its own direction inside a right-to-left card.
  const data = (text: string) => element('bdi', text)
  const origin = element('strong')
  origin.append(data(asker.origin))
  const name = asker.dappName.length > MAX_DAPP_NAME_LENGTH ? `${asker.dappName.slice(0, MAX_DAPP_NAME_LENGTH - 1)}…` : asker.dappName
  const askerLine = element('p', undefined, 'asker')
  askerLine.id = 'approval-asker'
  const details = element('dl')
  const reject = element('button', undefined, 'reject')
  const approve = element('button', undefined, 'approve')
  const openWindow = element('button', undefined, 'open-window')
  reject.type = approve.type = openWindow.type = 'button'
  const offerText = element('p')
  // What the offer says: the offer itself, or why the window did not open.
  let offerKey: 'card.windowOffer' | 'card.windowBlocked' | 'card.windowFailed' = 'card.windowOffer'
  const speak = () => {
    const { title, rows } = describe()
    heading.textContent = title
    site.replaceChildren(t('card.from'), origin)
    askerLine.textContent = t('card.asks', { name })
    details.replaceChildren(
      ...rows.flatMap((row) => {
        const value = element('dd')
        value.append(data(row.value))
        return [element('dt', row.label), value]
      }),
    )
    reject.textContent = t('card.reject')
    approve.textContent = t('card.approve')
    openWindow.textContent = t('card.openWindow')
    offerText.textContent = t(offerKey)
  }
  // The kit's language may change while the card is open (SYNC_LOCALE): its words follow.
  const stopSpeaking = speakWhileOpen(speak)
  const offer = element('div', undefined, 'window-offer')
  offer.append(offerText, openWindow)
  offer.hidden = true
  const actions = element('div', undefined, 'actions')
  actions.append(reject, approve)
  root.replaceChildren(heading, site, askerLine, details, offer, actions)
  root.setAttribute('role', 'dialog')
  root.setAttribute('aria-modal', 'true')
  root.setAttribute('aria-labelledby', 'approval-title')
  root.setAttribute('aria-describedby', 'approval-site approval-asker')
  root.hidden = false
  // The click handler checks `proven` itself: `disabled` only shows it.
  let proven = false
  const setProven = (value: boolean) => {
    proven = value
    approve.disabled = !value
  }
  setProven(false)
  const afterDelay = () => {
    const timer = setTimeout(() => setProven(true), APPROVE_DELAY_MS)
    return () => clearTimeout(timer)
  }
  const stopGuard = guards.watchVisibility
    ? guards.watchVisibility(root, (state) => {
        setProven(state.proven)
        if (state.offerWindow && guards.openWindow) offer.hidden = false
      })
    : afterDelay()
  reject.focus()
  return new Promise((resolve) => {
    let opened: ApprovalWindow | undefined
    let done = false
    const finish = (approved: boolean) => {
      if (done) return
      done = true
      stopGuard()
      stopSpeaking()
      opened?.close()
      document.removeEventListener('keydown', onKey)
      root.hidden = true
      root.replaceChildren()
      resolve(approved)
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') finish(false)
    }
    document.addEventListener('keydown', onKey)
    approve.addEventListener('click', () => {
      if (proven) finish(true)
    })
    reject.addEventListener('click', () => finish(false), { once: true })
    openWindow.addEventListener('click', () => {
      if (opened?.isOpen()) return opened.focus()
      opened?.close()
      try {
        opened = guards.openWindow!()
      } catch (error) {
        offerKey = error instanceof FrameApprovalWindowBlockedError ? 'card.windowBlocked' : 'card.windowFailed'
        offerText.textContent = t(offerKey)
        return
      }
      void opened.decision.then(finish)
    })
  })
}
