import type { RequestDescription } from './describeRequest.js'

/**
 * Approve answers only after the card has shown this long, and focus starts on Reject: a page
 * that hides or covers the frame cannot turn a click or Enter meant for itself into an approval.
 */
export const APPROVE_DELAY_MS = 500

/** A longer claimed name is cut: it cannot push the checked origin out of sight or mimic it. */
export const MAX_DAPP_NAME_LENGTH = 48

/** Who asks: the name the app gives itself, and the origin the frame checked it is on. */
export interface Asker {
  /** From SYNC_DAPP_DATA: any page can claim any name. */
  dappName: string
  /** The embedding page's origin, as the browser reports it and the allow-list admitted it. */
  origin: string
}

/**
 * Shows the approval card over the whole frame and resolves true on Approve, false on Reject
 * (or Escape). The app's name is only what it claims, so the card also shows the site the
 * request really comes from. Every text goes in with textContent: nothing the dapp sent is
 * parsed as HTML.
 *
 * @param root - the page's `#approval` element
 * @param asker - who asks
 * @param description - what is asked (`describeRequest`)
 */
export function showApprovalCard(root: HTMLElement, asker: Asker, description: RequestDescription): Promise<boolean> {
  const element = <K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string) => {
    const node = document.createElement(tag)
    if (text !== undefined) node.textContent = text
    if (className) node.className = className
    return node
  }
  const heading = element('h1', description.title)
  heading.id = 'approval-title'
  // The checked origin first, then the name the app claims, each on its own line.
  const site = element('p', undefined, 'site')
  site.id = 'approval-site'
  site.append('From ', element('strong', asker.origin))
  const name = asker.dappName.length > MAX_DAPP_NAME_LENGTH ? `${asker.dappName.slice(0, MAX_DAPP_NAME_LENGTH - 1)}…` : asker.dappName
  const askerLine = element('p', `${name} asks you to approve this request.`, 'asker')
  askerLine.id = 'approval-asker'
  const details = element('dl')
  for (const row of description.rows) details.append(element('dt', row.label), element('dd', row.value))
  const reject = element('button', 'Reject', 'reject')
  const approve = element('button', 'Approve', 'approve')
  reject.type = approve.type = 'button'
  const actions = element('div', undefined, 'actions')
  actions.append(reject, approve)
  root.replaceChildren(heading, site, askerLine, details, actions)
  root.setAttribute('role', 'dialog')
  root.setAttribute('aria-modal', 'true')
  root.setAttribute('aria-labelledby', 'approval-title')
  root.setAttribute('aria-describedby', 'approval-site approval-asker')
  root.hidden = false
  approve.disabled = true
  const enable = setTimeout(() => (approve.disabled = false), APPROVE_DELAY_MS)
  reject.focus()
  return new Promise((resolve) => {
    const finish = (approved: boolean) => {
      clearTimeout(enable)
      document.removeEventListener('keydown', onKey)
      root.hidden = true
      root.replaceChildren()
      resolve(approved)
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') finish(false)
    }
    document.addEventListener('keydown', onKey)
    approve.addEventListener('click', () => finish(true), { once: true })
    reject.addEventListener('click', () => finish(false), { once: true })
  })
}
