import { useCallback, type ForwardedRef, type RefCallback } from 'react'
import { retainButtonStyles } from './retainButtonStyles.js'

/**
 * The ref a Latch button puts on its `<button>`: hands the node to the host's forwarded ref and,
 * for a styled button, keeps the buttons' stylesheet in the node's tree while it is mounted.
 * Styles are added here, never at import: server rendering and the first paint stay DOM-free.
 */
export function useButtonRef(forwarded: ForwardedRef<HTMLButtonElement>, styled: boolean): RefCallback<HTMLButtonElement> {
  return useCallback(
    (node: HTMLButtonElement | null) => {
      if (!node) return
      setRef(forwarded, node)
      const release = styled ? retainButtonStyles(node) : undefined
      return () => {
        setRef(forwarded, null)
        release?.()
      }
    },
    [forwarded, styled],
  )
}

function setRef(ref: ForwardedRef<HTMLButtonElement>, node: HTMLButtonElement | null): void {
  if (typeof ref === 'function') ref(node)
  else if (ref) ref.current = node
}
