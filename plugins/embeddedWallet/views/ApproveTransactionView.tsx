import { FrameSlot } from './FrameSlot.js'

/**
 * ApproveTransaction (SPEC §2): the secure site's frame, shown over this view's box, holds the
 * request and its Approve and Reject buttons: the page never sees the key or the approval.
 */
export function ApproveTransactionView() {
  return <FrameSlot className="approve-frame-slot" label="Approve in the embedded wallet" />
}
