import { autorun } from 'mobx'
import { createRoot } from 'react-dom/client'
import { ViewRegistryToken, type Kit } from '../../kernel/index.js'
import { KitContext } from '../react/KitContext.js'
import { MODAL_STYLES, VIEW_STYLES } from '../theme/modalStyles.js'
import { themeDeclarations } from '../theme/themes.js'
import type { ThemeStore } from '../theme/ThemeStore.js'
import type { SlotRegistry } from '../slots/SlotRegistry.js'
import type { StyleSheetEntry } from '../slots/slotTypes.js'
import { Modal } from './Modal.js'
import { preloadLazyViews } from '../lazyView.js'

export interface MountModalOptions {
  theme: ThemeStore
  debug: boolean
  /** The stylesheets plugins added for their slot entries. */
  styleSheets: SlotRegistry<StyleSheetEntry>
  /** Render inline in `parent` rather than as a modal dialog (SPEC §2 embedded mode). */
  embedded: boolean
  /** Where the modal's host element goes; defaults to `document.body`. */
  parent?: HTMLElement
}

/**
 * Renders the modal into a shadow root on its own host element, so the host page's styles
 * cannot reach it and its styles cannot reach the page. The shadow root holds the shell's
 * stylesheet plus one per registered view or plugin stylesheet, each removed with its plugin.
 * Returns the unmount.
 */
export function mountModal(kit: Kit, options: MountModalOptions): () => void {
  const host = document.createElement('latch-modal')
  // Open, so assistive tooling and tests can look inside; isolation comes from the boundary itself.
  const shadow = host.attachShadow({ mode: 'open' })
  const style = document.createElement('style')
  const stopTheme = autorun(() => {
    host.setAttribute('data-theme', options.theme.mode)
    style.textContent = `:host{${themeDeclarations(options.theme.mode, options.theme.variables)}}${MODAL_STYLES}${VIEW_STYLES}`
  })
  const container = document.createElement('div')
  shadow.append(style, container)
  const stopSheets = syncPluginStyles(shadow, kit, options.styleSheets)
  ;(options.parent ?? document.body).append(host)
  const root = createRoot(container)
  root.render(
    <KitContext.Provider value={kit}>
      <Modal kit={kit} debug={options.debug} embedded={options.embedded} />
    </KitContext.Provider>,
  )
  // The other views' chunks load once the modal first opens, not at page load: a page whose
  // visitor never opens it pays nothing for them (issue 9's start-up budget).
  const stopPreload = kit.on('modal:opened', () => {
    stopPreload()
    preloadLazyViews()
  })
  if (kit.getState().open) preloadLazyViews()
  return () => {
    stopPreload()
    stopSheets()
    stopTheme()
    root.unmount()
    host.remove()
  }
}

/**
 * Keeps one `<style data-latch-style>` per distinct stylesheet of the registered views and the
 * stylesheet slot, in the shadow root after the shell's own: a plugin's CSS arrives with its
 * views and leaves when they are unregistered.
 */
function syncPluginStyles(shadow: ShadowRoot, kit: Kit, sheets: SlotRegistry<StyleSheetEntry>): () => void {
  const views = kit.resolve(ViewRegistryToken)
  const present = new Map<string, HTMLStyleElement>()
  return autorun(() => {
    const wanted = new Map<string, string>()
    for (const name of views.names()) {
      const css = views.get(name)?.styles
      if (css && !wanted.has(css)) wanted.set(css, name)
    }
    for (const sheet of sheets.sorted) if (!wanted.has(sheet.css)) wanted.set(sheet.css, sheet.id)
    for (const [css, element] of present) {
      if (wanted.has(css)) continue
      element.remove()
      present.delete(css)
    }
    for (const [css, id] of wanted) {
      if (present.has(css)) continue
      const element = document.createElement('style')
      element.dataset.latchStyle = id
      element.textContent = css
      shadow.insertBefore(element, shadow.lastChild)
      present.set(css, element)
    }
  })
}
