import { observer } from 'mobx-react-lite'
import { FrameSlot } from './FrameSlot.js'
import { useI18n } from '../../../ui-shell/plugin.js'

/**
 * ApproveTransaction (SPEC §2): the secure site's frame, shown over this view's box, holds the
 * request and its Approve and Reject buttons: the page never sees the key or the approval.
 */
export const ApproveTransactionView = observer(function ApproveTransactionView() {
  return <FrameSlot className="approve-frame-slot" label={useI18n().t('approve.frame')} />
})
