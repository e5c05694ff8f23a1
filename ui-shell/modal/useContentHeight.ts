import { useCallback, useRef, useState } from 'react'

/**
 * The height of an element's content, kept current with a ResizeObserver. The modal sets it
 * as an explicit height on its body because CSS cannot transition to `height: auto`
 * (SPEC §9: modal height animates over 150 ms). A callback ref, because the element mounts
 * and unmounts as the modal opens and closes.
 */
export function useContentHeight<T extends HTMLElement>() {
  const observer = useRef<ResizeObserver | null>(null)
  const [height, setHeight] = useState<number | undefined>(undefined)
  const reported = useRef<number | undefined>(undefined)
  const ref = useCallback((element: T | null) => {
    observer.current?.disconnect()
    observer.current = null
    if (!element || typeof ResizeObserver === 'undefined') return setHeight((reported.current = undefined))
    // A box with no height (an embedded host not yet laid out) reports 0: keep the natural height
    // then, or the first frame it shows would clip the view until the observer reports again.
    observer.current = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize[0]?.blockSize ?? element.offsetHeight
      const next = height > 0 ? height : undefined
      // Unchanged (the closed dialog's first report): no state update, so no extra render.
      if (next === reported.current) return
      reported.current = next
      setHeight(next)
    })
    observer.current.observe(element)
  }, [])
  return { ref, height }
}
