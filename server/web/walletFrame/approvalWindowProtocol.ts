import type { RequestDescription } from './describeRequest.js'
import type { Asker } from './showApprovalCard.js'

/** The approval window's page on the secure site (`framePageRoutes`). */
export const APPROVAL_WINDOW_PATH = '/approve'

/** The window loaded and listens: the frame sends it the request. */
export const APPROVAL_WINDOW_READY = 'latch-approval/READY'
/** The frame's request: who asks and the card's text, exactly as the frame's own card shows them. */
export const APPROVAL_WINDOW_REQUEST = 'latch-approval/REQUEST'
/** The visitor's answer in the window. */
export const APPROVAL_WINDOW_DECISION = 'latch-approval/DECISION'

/**
 * The messages between the frame and the approval window it opened. Both are pages of the secure
 * site, so each side takes a message only from the other's window and its own origin.
 */
export type ApprovalWindowMessage =
  | { type: typeof APPROVAL_WINDOW_READY }
  | { type: typeof APPROVAL_WINDOW_REQUEST; asker: Asker; description: RequestDescription }
  | { type: typeof APPROVAL_WINDOW_DECISION; approved: boolean }

const isText = (value: unknown): value is string => typeof value === 'string'

/**
 * Reads a message of the approval window's protocol, checking every field the card shows is text.
 *
 * @param data - a `message` event's data
 * @returns the message, or undefined for anything else
 * @example
 * parseApprovalWindowMessage({ type: 'latch-approval/DECISION', approved: true }) // { type, approved: true }
 */
export function parseApprovalWindowMessage(data: unknown): ApprovalWindowMessage | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const message = data as Record<string, unknown>
  if (message.type === APPROVAL_WINDOW_READY) return { type: APPROVAL_WINDOW_READY }
  if (message.type === APPROVAL_WINDOW_DECISION)
    return typeof message.approved === 'boolean' ? { type: APPROVAL_WINDOW_DECISION, approved: message.approved } : undefined
  if (message.type !== APPROVAL_WINDOW_REQUEST) return undefined
  const asker = message.asker as Record<string, unknown> | undefined
  const description = message.description as Record<string, unknown> | undefined
  const rows = description?.rows
  if (!isText(asker?.dappName) || !isText(asker.origin) || !isText(description?.title) || !Array.isArray(rows)) return undefined
  if (!rows.every((row: Record<string, unknown> | null) => isText(row?.label) && isText(row.value))) return undefined
  return {
    type: APPROVAL_WINDOW_REQUEST,
    asker: { dappName: asker.dappName, origin: asker.origin },
    description: { title: description.title, rows: rows.map(({ label, value }: { label: string; value: string }) => ({ label, value })) },
  }
}
