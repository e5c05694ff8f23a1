import { autorun } from 'mobx'
import { createRoot } from 'react-dom/client'
import type { Kit } from '../../kernel/index.js'
import { KitContext } from '../react/KitContext.js'
import { MODAL_STYLES, VIEW_STYLES } from '../theme/modalStyles.js'
import { CONNECTING_STYLES } from '../views/connecting/connectingStyles.js'
import { ACCOUNT_STYLES } from '../views/account/accountStyles.js'
import { themeDeclarations } from '../theme/themes.js'
import type { ThemeStore } from '../theme/ThemeStore.js'
import { Modal } from './Modal.js'
import { preloadLazyViews } from '../lazyView.js'

export interface MountModalOptions {
  theme: ThemeStore
  debug: boolean
  /** Where the modal's host element goes; defaults to `document.body`. */
  parent?: HTMLElement
}

/**
 * Renders the modal into a shadow root on its own host element, so the host page's styles
 * cannot reach it and its styles cannot reach the page. Returns the unmount.
 */
export function mountModal(kit: Kit, options: MountModalOptions): () => void {
  const host = document.createElement('latch-modal')
  // Open, so assistive tooling and tests can look inside; isolation comes from the boundary itself.
  const shadow = host.attachShadow({ mode: 'open' })
  const style = document.createElement('style')
  const stopTheme = autorun(() => {
    host.setAttribute('data-theme', options.theme.mode)
    style.textContent = `:host{${themeDeclarations(options.theme.mode, options.theme.variables)}}${MODAL_STYLES}${VIEW_STYLES}${CONNECTING_STYLES}${ACCOUNT_STYLES}`
  })
  const container = document.createElement('div')
  shadow.append(style, container)
  ;(options.parent ?? document.body).append(host)
  const root = createRoot(container)
  root.render(
    <KitContext.Provider value={kit}>
      <Modal kit={kit} debug={options.debug} />
    </KitContext.Provider>,
  )
  // Out of the first load's way, but before anyone opens a view.
  const preload = setTimeout(preloadLazyViews, 500)
  return () => {
    clearTimeout(preload)
    stopTheme()
    root.unmount()
    host.remove()
  }
}
