import { reaction } from 'mobx'
import { useEffect } from 'react'
import { ModalStoreToken, type Kit } from '../../kernel/index.js'
import { whenIdle } from '../../ui-shell/plugin.js'
import type { EmbeddedWallet } from './EmbeddedWallet.js'

/**
 * For a login method on Connect: loads the secure site's frame in idle time once the modal
 * shows it, not with the page (the closed modal pre-renders Connect) and not inside the opening
 * click. Opening is followed in a reaction, so it does not re-render the method's section.
 */
export function useFrameWhileOpen(kit: Kit, wallet: EmbeddedWallet): void {
  useEffect(() => {
    const modal = kit.resolve(ModalStoreToken)
    let cancelIdle: (() => void) | undefined
    const stop = reaction(
      () => modal.isOpen,
      (isOpen) => {
        cancelIdle?.()
        cancelIdle = isOpen ? whenIdle(() => void wallet.provider) : undefined
      },
      { fireImmediately: true },
    )
    return () => {
      stop()
      cancelIdle?.()
    }
  }, [kit, wallet])
}
