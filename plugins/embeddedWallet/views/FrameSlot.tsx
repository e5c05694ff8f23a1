import { useLayoutEffect, useRef } from 'react'
import { useKit } from '../../../ui-shell/plugin.js'
import { EmbeddedWalletToken } from '../embeddedWalletTokens.js'

export interface FrameSlotProps {
  className: string
  label: string
}

/**
 * The box the secure site's frame covers while it is mounted: the frame holds what the visitor
 * must click there (Approve, or "Continue in a secure window"), which the page never can.
 */
export function FrameSlot({ className, label }: FrameSlotProps) {
  const wallet = useKit().resolve(EmbeddedWalletToken)
  const slot = useRef<HTMLDivElement>(null)

  useLayoutEffect(() => {
    const element = slot.current
    const channel = wallet.channel
    if (!element || !channel) return
    // The modal moves as it animates its height, and the page may scroll or resize: the frame
    // follows the box every frame while it is shown (a read of one rect, a write only on change).
    let last = ''
    let handle = 0
    const follow = () => {
      const rect = element.getBoundingClientRect()
      const key = `${rect.top},${rect.left},${rect.width},${rect.height}`
      if (key !== last) {
        last = key
        channel.show({ top: rect.top, left: rect.left, width: rect.width, height: rect.height })
      }
      handle = requestAnimationFrame(follow)
    }
    follow()
    return () => {
      cancelAnimationFrame(handle)
      channel.hide()
    }
  }, [wallet])

  return <div ref={slot} className={className} aria-label={label} role="region" />
}
