/** The stylesheets of the modal's shadow root, in order: the shell's first, then plugins'. */
export interface ShadowStyles {
  /** Adds a sheet, or replaces the text of the one under `key`. */
  set(key: string, css: string, label: string): void
  remove(key: string): void
  keys(): string[]
}

// Constructable stylesheets, adopted by the shadow root: a strict CSP (`style-src 'self'`, no
// 'unsafe-inline') blocks `<style>` elements but not these (issue 15). A browser without them
// gets `<style data-latch-style>` elements before the shadow root's last child instead.
const canAdopt = () =>
  typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype && typeof ShadowRoot === 'function' && 'adoptedStyleSheets' in ShadowRoot.prototype

/**
 * Keeps the shadow root's styles: adopted stylesheets where the browser has them, style
 * elements otherwise. Sheets stay in the order they were first set.
 */
export function createShadowStyles(shadow: ShadowRoot): ShadowStyles {
  const adopt = canAdopt()
  const sheets = new Map<string, CSSStyleSheet | HTMLStyleElement>()
  const sync = () => {
    if (adopt) shadow.adoptedStyleSheets = [...sheets.values()] as CSSStyleSheet[]
  }
  return {
    set(key, css, label) {
      const existing = sheets.get(key)
      if (existing instanceof HTMLStyleElement) existing.textContent = css
      else if (existing) existing.replaceSync(css)
      else if (adopt) {
        const sheet = new CSSStyleSheet()
        sheet.replaceSync(css)
        sheets.set(key, sheet)
        sync()
      } else {
        const element = document.createElement('style')
        element.dataset.latchStyle = label
        element.textContent = css
        shadow.insertBefore(element, shadow.lastChild)
        sheets.set(key, element)
      }
    },
    remove(key) {
      const existing = sheets.get(key)
      if (!existing) return
      sheets.delete(key)
      if (existing instanceof HTMLStyleElement) existing.remove()
      else sync()
    },
    keys: () => [...sheets.keys()],
  }
}
