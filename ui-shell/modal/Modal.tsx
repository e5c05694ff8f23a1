import { observer } from 'mobx-react-lite'
import { Suspense, useId, useLayoutEffect, useRef, type ComponentType, type CSSProperties, type SyntheticEvent } from 'react'
import {
  ModalStoreToken,
  ViewRegistryToken,
  ViewStackToken,
  type Kit,
  type ViewDataMap,
  type ViewDefinition,
  type ViewName,
} from '../../kernel/index.js'
import { Header } from './Header.js'
import { AlertList } from './AlertList.js'
import { Snackbar } from './Snackbar.js'
import { SnackbarStoreToken } from '../tokens.js'
import { AlertStoreToken } from '../services/AlertStore.js'
import { useContentHeight } from './useContentHeight.js'
import { wrapTabFocus } from './wrapTabFocus.js'
import { ViewErrorBoundary } from './ViewErrorBoundary.js'
import { I18nStoreToken } from '../i18n/i18nToken.js'
import { useI18n } from '../i18n/useI18n.js'

/** What every view component receives: the data it was opened with, typed by `ViewDataMap`. */
export interface ViewProps<V extends ViewName = ViewName> {
  data: ViewDataMap[V]
}

export interface ModalProps {
  kit: Kit
  debug: boolean
  /** Inline in the page: no dialog, no backdrop, always showing a view (SPEC §2 embedded mode). */
  embedded?: boolean
}

const isClosable = (view: ViewDefinition | undefined) =>
  typeof view?.closable === 'function' ? view.closable() : view?.closable !== false

/**
 * The modal: the platform's `<dialog>` opened with `showModal()`, which keeps focus inside,
 * makes the page inert and handles Escape, and works inside a shadow root.
 */
export const Modal = observer(function Modal({ kit, debug, embedded = false }: ModalProps) {
  const modal = kit.resolve(ModalStoreToken)
  const stack = kit.resolve(ViewStackToken)
  const views = kit.resolve(ViewRegistryToken)
  const alerts = kit.resolve(AlertStoreToken)
  const snackbar = kit.resolve(SnackbarStoreToken)
  const i18n = kit.resolve(I18nStoreToken)
  const dialogRef = useRef<HTMLDialogElement>(null)
  const openerRef = useRef<Element | null>(null)
  const titleId = useId()
  const header = useContentHeight<HTMLDivElement>()
  const content = useContentHeight<HTMLDivElement>()

  // A layout effect: the dialog opens in the same frame as the render that fills it.
  useLayoutEffect(() => {
    const dialog = dialogRef.current
    if (!dialog || embedded) return
    if (modal.isOpen && !dialog.open) {
      openerRef.current = deepActiveElement()
      dialog.showModal()
    } else if (!modal.isOpen && dialog.open) {
      dialog.close()
      // `close()` restores focus itself; this covers an opener the browser lost track of.
      const opener = openerRef.current as HTMLElement | null
      if (opener?.isConnected && deepActiveElement() !== opener) opener.focus()
    }
  }, [modal.isOpen, embedded])

  const entry = stack.current
  const view = entry ? views.get(entry.view) : undefined
  const closable = isClosable(view)
  const title = view ? (typeof view.title === 'function' ? view.title(entry?.data) : view.title) : ''
  // A title computed from the view's data (a wallet's name) is data, not a message key.
  const titleIsData = typeof view?.title === 'function' && !i18n.has(title)
  const ViewComponent = view?.component as ComponentType<ViewProps> | undefined

  // Escape fires `cancel`: we close through the kit so state, events and the stack agree,
  // and refuse while the view may not be closed (a required sign-in).
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault()
    if (closable) kit.close()
  }

  // The body's height is the header's plus the view's, set explicitly so it can animate; CSS caps
  // it at the viewport's (modalStyles), and the view then scrolls under the fixed header.
  const height = header.height !== undefined && content.height !== undefined ? header.height + content.height : undefined
  const body =
    view && ViewComponent ? (
      <div className="body" style={{ height, '--latch-header-height': header.height === undefined ? undefined : `${header.height}px` } as CSSProperties}>
        <div ref={header.ref}>
          <Header
            titleId={titleId}
            title={title}
            titleIsData={titleIsData}
            canGoBack={stack.canGoBack}
            closable={closable}
            onBack={() => kit.back()}
            onClose={() => kit.close()}
          />
        </div>
        {/* Keyed by view: each view opens scrolled to its top. */}
        <div className="scroll" key={entry!.view}>
          <div ref={content.ref}>
            {debug ? <AlertList alerts={alerts.alerts} onDismiss={(code) => alerts.dismiss(code)} /> : null}
            <div className="view">
              {/* Views other than Connect load on first use (lazyView). */}
              <ViewErrorBoundary>
                <Suspense fallback={<ViewLoading />}>
                  <ViewComponent data={entry!.data} />
                </Suspense>
              </ViewErrorBoundary>
            </div>
          </div>
        </div>
        <Snackbar store={snackbar} />
      </div>
    ) : (
      <h2 id={titleId} hidden>
        Latch
      </h2>
    )

  // Embedded: a labelled region in the page's flow, always showing its current view; the
  // header's close resets it (to Account when connected, else Connect).
  if (embedded)
    return (
      <section className="embedded" aria-labelledby={titleId} data-view={entry?.view} dir={i18n.dir} lang={i18n.locale}>
        {body}
        <slot name="overlay" />
      </section>
    )
  return (
    <dialog ref={dialogRef} aria-labelledby={titleId} onCancel={onCancel} onKeyDown={wrapTabFocus} data-view={entry?.view} dir={i18n.dir} lang={i18n.locale}>
      {/* Rendered and laid out while closed too, unseen (modalStyles): opening only shows it. */}
      {body}
      {/* Plugins' overlay elements (ModalOverlay): in the dialog's top layer, above the views. */}
      <slot name="overlay" />
    </dialog>
  )
})

/** The focused element, looking through open shadow roots. */
function deepActiveElement(): Element | null {
  let active = document.activeElement
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
  return active
}

/** Shown for the moment a view's chunk takes to arrive. */
const ViewLoading = observer(function ViewLoading() {
  return (
    <div className="view-loading" role="status" aria-label={useI18n().t('modal.loading')}>
      <span className="spinner" aria-hidden="true" />
    </div>
  )
})
