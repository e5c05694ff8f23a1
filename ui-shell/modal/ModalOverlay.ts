import { createToken } from '../../kernel/index.js'

/**
 * Elements a plugin draws above the modal's views, inside the modal's top layer: a `<dialog>`
 * opened with `showModal()` sits above every z-index and makes the rest of the page inert, so
 * anything the visitor must use while it is open (the embedded wallet's secure frame) has to be
 * in its flat tree. An attached element is a light-DOM child of the modal's host, slotted into
 * the dialog; it is never moved afterwards (moving an iframe reloads it).
 */
export class ModalOverlay {
  private host: HTMLElement | undefined

  /** Set by the mounted modal; without one (no modal mounted) elements go to the page's body. */
  setHost(host: HTMLElement | undefined): void {
    this.host = host
  }

  /** Adds an element above the modal's views; returns its removal. */
  attach(element: HTMLElement): () => void {
    if (this.host) element.slot = 'overlay'
    ;(this.host ?? document.body).append(element)
    return () => element.remove()
  }
}

export const ModalOverlayToken = createToken<ModalOverlay>('ModalOverlay')
