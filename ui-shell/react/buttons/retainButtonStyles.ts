import { BUTTON_STYLES } from './buttonStyles.js'

interface Hold {
  count: number
  /** Ours to remove once no button needs it; undefined when the host put the stylesheet there. */
  style: HTMLStyleElement | undefined
}

const holds = new WeakMap<Document | ShadowRoot, Hold>()

/**
 * Makes sure the buttons' stylesheet is in the tree `button` lives in: one
 * `<style data-latch-buttons>` in the document's head (or in a shadow root), however many
 * buttons there are. Returns the release; the last release removes the stylesheet we added.
 * A `[data-latch-buttons]` style or stylesheet link the host placed itself (a strict CSP that
 * refuses inline styles) is used as it is: nothing is added, nothing removed.
 */
export function retainButtonStyles(button: Element): () => void {
  const root = button.getRootNode()
  const tree = root instanceof ShadowRoot ? root : button.ownerDocument
  let hold = holds.get(tree)
  if (!hold) {
    const existing = tree.querySelector('style[data-latch-buttons], link[data-latch-buttons]')
    hold = { count: 0, style: existing ? undefined : createStyle(button.ownerDocument) }
    if (hold.style) (tree instanceof ShadowRoot ? tree : tree.head).append(hold.style)
    holds.set(tree, hold)
  }
  hold.count++
  const held = hold
  let released = false
  return () => {
    if (released) return
    released = true
    held.count--
    // Deferred: a button that re-renders with a new ref releases and retains in one commit.
    queueMicrotask(() => {
      if (held.count > 0 || holds.get(tree) !== held) return
      held.style?.remove()
      holds.delete(tree)
    })
  }
}

function createStyle(document: Document): HTMLStyleElement {
  const style = document.createElement('style')
  style.setAttribute('data-latch-buttons', '')
  style.textContent = BUTTON_STYLES
  return style
}
