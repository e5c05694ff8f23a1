import { BUTTON_STYLES } from './buttonStyles.js'

interface Hold {
  count: number
  /** Ours to drop once no button needs it; undefined when the host put the stylesheet there. */
  sheet: CSSStyleSheet | HTMLStyleElement | undefined
}

const holds = new WeakMap<Document | ShadowRoot, Hold>()

// A constructable stylesheet adopted by the document (or the shadow root): a strict CSP
// (`style-src 'self'`, no 'unsafe-inline') refuses `<style>` elements but not these (issue 15).
// A browser without them gets `<style data-latch-buttons>` instead.
const canAdopt = (tree: Document | ShadowRoot) =>
  typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype && 'adoptedStyleSheets' in tree

/**
 * Makes sure the buttons' stylesheet applies in the tree `button` lives in: one adopted
 * stylesheet on the document (or shadow root), however many buttons there are. Returns the
 * release; the last release removes the stylesheet we added. A `[data-latch-buttons]` style or
 * stylesheet link the host placed itself is used as it is: nothing is added, nothing removed.
 */
export function retainButtonStyles(button: Element): () => void {
  const root = button.getRootNode()
  const tree = root instanceof ShadowRoot ? root : button.ownerDocument
  let hold = holds.get(tree)
  if (!hold) {
    const existing = tree.querySelector('style[data-latch-buttons], link[data-latch-buttons]')
    hold = { count: 0, sheet: existing ? undefined : addSheet(tree, button.ownerDocument) }
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
      removeSheet(tree, held.sheet)
      holds.delete(tree)
    })
  }
}

function addSheet(tree: Document | ShadowRoot, document: Document): CSSStyleSheet | HTMLStyleElement {
  if (canAdopt(tree)) {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(BUTTON_STYLES)
    tree.adoptedStyleSheets = [...tree.adoptedStyleSheets, sheet]
    return sheet
  }
  const style = document.createElement('style')
  style.setAttribute('data-latch-buttons', '')
  style.textContent = BUTTON_STYLES
  ;(tree instanceof ShadowRoot ? tree : tree.head).append(style)
  return style
}

function removeSheet(tree: Document | ShadowRoot, sheet: CSSStyleSheet | HTMLStyleElement | undefined): void {
  if (sheet instanceof HTMLStyleElement) sheet.remove()
  else if (sheet) tree.adoptedStyleSheets = tree.adoptedStyleSheets.filter((adopted) => adopted !== sheet)
}
