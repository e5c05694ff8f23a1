import { useLayoutEffect, useRef } from 'react'
import { useKit } from '../../../ui-shell/index.js'
import { EmbeddedWalletToken } from '../embeddedWalletTokens.js'

/**
 * ApproveTransaction (SPEC §2): the secure site's frame, shown over this view's box, holds the
 * request and its Approve and Reject buttons: the page never sees the key or the approval.
 */
export function ApproveTransactionView() {
  const wallet = useKit().resolve(EmbeddedWalletToken)
  const slot = useRef<HTMLDivElement>(null)

  useLayoutEffect(() => {
    const element = slot.current
    const channel = wallet.channel
    if (!element || !channel) return
    const place = () => {
      const rect = element.getBoundingClientRect()
      channel.show({ top: rect.top, left: rect.left, width: rect.width, height: rect.height })
    }
    place()
    // The modal animates its height and the page may scroll or resize: follow the box.
    const observer = new ResizeObserver(place)
    observer.observe(element)
    window.addEventListener('resize', place)
    window.addEventListener('scroll', place, true)
    return () => {
      observer.disconnect()
      window.removeEventListener('resize', place)
      window.removeEventListener('scroll', place, true)
      channel.hide()
    }
  }, [wallet])

  return <div ref={slot} className="approve-frame-slot" aria-label="Approve in the embedded wallet" role="region" />
}
