import { autorun, reaction } from 'mobx'
import { startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { ViewRegistryToken, type Kit } from '../../kernel/index.js'
import { KitContext } from '../react/KitContext.js'
import { MODAL_STYLES, VIEW_STYLES } from '../theme/modalStyles.js'
import { themeDeclarations } from '../theme/themes.js'
import type { ThemeStore } from '../theme/ThemeStore.js'
import type { SlotRegistry } from '../slots/SlotRegistry.js'
import type { StyleSheetEntry } from '../slots/slotTypes.js'
import { Modal } from './Modal.js'
import type { ModalOverlay } from './ModalOverlay.js'
import { preloadView } from '../lazyView.js'
import { whenIdle } from '../whenIdle.js'
import { createShadowStyles, type ShadowStyles } from './shadowStyles.js'

export interface MountModalOptions {
  theme: ThemeStore
  debug: boolean
  /** The stylesheets plugins added for their slot entries. */
  styleSheets: SlotRegistry<StyleSheetEntry>
  /** Render inline in `parent` rather than as a modal dialog (SPEC §2 embedded mode). */
  embedded: boolean
  /** Where the modal's host element goes; defaults to `document.body`. */
  parent?: HTMLElement
  /** Told the host element, so plugins' overlay elements are slotted into the dialog. */
  overlay?: ModalOverlay
}

/**
 * Renders the modal into a shadow root on its own host element, so the host page's styles
 * cannot reach it and its styles cannot reach the page. The shadow root holds the shell's
 * stylesheet plus one per registered view or plugin stylesheet, each removed with its plugin
 * (adopted stylesheets, so a strict CSP without 'unsafe-inline' applies them).
 * Returns the unmount.
 */
export function mountModal(kit: Kit, options: MountModalOptions): () => void {
  const host = document.createElement('latch-modal')
  // Open, so assistive tooling and tests can look inside; isolation comes from the boundary itself.
  const shadow = host.attachShadow({ mode: 'open' })
  const container = document.createElement('div')
  shadow.append(container)
  const styles = createShadowStyles(shadow)
  const stopTheme = autorun(() => {
    host.setAttribute('data-theme', options.theme.mode)
    styles.set(SHELL_SHEET, `:host{${themeDeclarations(options.theme.mode, options.theme.variables)}}${MODAL_STYLES}${VIEW_STYLES}`, 'shell')
  })
  const stopSheets = syncPluginStyles(styles, kit, options.styleSheets)
  ;(options.parent ?? document.body).append(host)
  options.overlay?.setHost(host)
  const root = createRoot(container)
  // The first render waits for the plugins the kit starts with (an opening waits for them too):
  // the Connect view is then rendered once, not again for every plugin that loads after it
  // (issue 9: with every plugin, about 0.13 MB less heap at start in bench:peers).
  let disposed = false
  const modal = (
    <KitContext.Provider value={kit}>
      <Modal kit={kit} debug={options.debug} embedded={options.embedded} />
    </KitContext.Provider>
  )
  const render = () => {
    if (!disposed) root.render(modal)
  }
  // Unseen until the first opening: a transition, which React renders in slices of a few
  // milliseconds between the page's own tasks (issue 32: one long task on a phone otherwise).
  let prerendered = false
  const prerender = () => {
    if (prerendered) return
    prerendered = true
    startTransition(render)
  }
  void kit.ready.then(prerender, prerender)
  // An opening renders at once, as the click's own update: if the transition has not finished,
  // this finishes it; if it has, the same element renders nothing again.
  const stopFirstOpen = kit.on('modal:opened', () => {
    stopFirstOpen()
    prerendered = true
    render()
  })
  // The other views' chunks load once the modal first opens, not at page load: a page whose
  // visitor never opens it pays nothing for them (issue 9's start-up budget).
  // Idle time after that first frame, so the fetches never compete with showing it; views a
  // plugin registers later (its setup waited on a reconnect or on remote configuration) too.
  const views = kit.resolve(ViewRegistryToken)
  let idle: (() => void) | undefined
  let stopPreloading: (() => void) | undefined
  const preload = () => {
    stopPreload()
    idle = whenIdle(() => {
      // A reaction, so each preload runs outside the tracking of the view list it reads.
      stopPreloading = reaction(
        () => views.names(),
        (names) => {
          for (const name of names) preloadView(views.get(name)?.component)
        },
        { fireImmediately: true },
      )
    })
  }
  const stopPreload = kit.on('modal:opened', preload)
  if (kit.getState().open) preload()
  return () => {
    disposed = true // a kit disposed before it was ready renders nothing
    stopFirstOpen()
    stopPreload()
    idle?.()
    stopPreloading?.()
    stopSheets()
    stopTheme()
    root.unmount()
    options.overlay?.setHost(undefined)
    host.remove()
  }
}

// The shell's own sheet's key: plugin sheets are keyed by their CSS text, which this never is.
const SHELL_SHEET = '\u0000shell'

/**
 * Keeps one stylesheet per distinct stylesheet of the registered views and the stylesheet
 * slot, in the shadow root after the shell's own: a plugin's CSS arrives with its views and
 * leaves when they are unregistered.
 */
function syncPluginStyles(styles: ShadowStyles, kit: Kit, sheets: SlotRegistry<StyleSheetEntry>): () => void {
  const views = kit.resolve(ViewRegistryToken)
  return autorun(() => {
    const wanted = new Map<string, string>()
    for (const name of views.names()) {
      const css = views.get(name)?.styles
      if (css && !wanted.has(css)) wanted.set(css, name)
    }
    for (const sheet of sheets.sorted) if (!wanted.has(sheet.css)) wanted.set(sheet.css, sheet.id)
    for (const css of styles.keys()) if (css !== SHELL_SHEET && !wanted.has(css)) styles.remove(css)
    const present = new Set(styles.keys())
    for (const [css, id] of wanted) if (!present.has(css)) styles.set(css, css, id)
  })
}
