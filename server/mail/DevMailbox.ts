/** One message the local SMTP server received, as `GET /dev/mailbox` lists it. */
export interface DevMailMessage {
  to: string
  subject: string
  text: string
  /** The 6-digit login code in the text, when there is one. */
  code?: string
  /** The device-approval link in the text, when there is one. */
  link?: string
  /** ISO time the SMTP server accepted it. */
  receivedAt: string
}

const CODE = /\b(\d{6})\b/
// The link may name the locale its page opens in ('&locale=pt-BR').
const APPROVAL_LINK = /\bhttps?:\/\/[^\s<>"]+\/device\/approve\?token=[\w-]+(?:&locale=[\w-]+)?/

/** Older messages are dropped past this many, so a long-running dev backend cannot grow without bound. */
const MAX_MESSAGES = 1000

/**
 * The messages the backend's own SMTP server received, kept in memory for the dev mailbox
 * (tests and the demo read login codes and approval links here instead of a real inbox).
 */
export class DevMailbox {
  readonly #messages: DevMailMessage[] = []

  add(message: { to: string; subject: string; text: string; receivedAt?: Date }): DevMailMessage {
    const text = message.text
    const entry: DevMailMessage = {
      to: message.to.toLowerCase(),
      subject: message.subject,
      text,
      receivedAt: (message.receivedAt ?? new Date()).toISOString(),
    }
    const link = APPROVAL_LINK.exec(text)?.[0]
    // An approval email carries no code (an app's name or a time in it could hold six digits).
    const code = link ? undefined : CODE.exec(text)?.[1]
    if (code) entry.code = code
    if (link) entry.link = link
    this.#messages.push(entry)
    if (this.#messages.length > MAX_MESSAGES) this.#messages.shift()
    return entry
  }

  /** Messages to one address (case-insensitive), oldest first. */
  for(email: string): DevMailMessage[] {
    const address = email.toLowerCase()
    return this.#messages.filter((message) => message.to === address)
  }
}
