import type { ComponentType } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import type { Kit } from '../../kernel/index.js'
import { ElementDefinedError } from '../errors/elements.js'
import type { LatchButtonOptions } from '../react/buttons/LatchButtonOptions.js'
import { LatchProvider } from '../react/LatchProvider.js'

/** The attributes an element passes to its button; a change re-renders it. */
const OBSERVED = ['size', 'variant', 'label'] as const

/** A Latch button; `label` only for those that show one (connect, network). */
export type ButtonComponent = ComponentType<LatchButtonOptions & { label?: string }>

/** What marks an element class as ours, and for which kit. */
const KIT_OF = Symbol('latch.kit')

/**
 * Whether `<tag>` is already defined for `kit`; false when it is free.
 *
 * @throws ElementDefinedError when another kit or another library has it
 */
export function isDefinedFor(tag: string, kit: Kit): boolean {
  const existing = customElements.get(tag) as (CustomElementConstructor & { [KIT_OF]?: Kit }) | undefined
  if (existing && existing[KIT_OF] !== kit) throw new ElementDefinedError({ tag })
  return existing !== undefined
}

/**
 * Defines `<tag>` as a custom element rendering `Button` for `kit` in its own light DOM, so the
 * buttons' stylesheet in the document (and a host's own CSS) reaches it; the same kit again is
 * a no-op. The class is made here, not at import: `HTMLElement` does not exist on a server.
 */
export function defineButtonElement(tag: string, Button: ButtonComponent, kit: Kit): void {
  if (isDefinedFor(tag, kit)) return

  class LatchButtonElement extends HTMLElement {
    static readonly [KIT_OF] = kit
    static readonly observedAttributes = OBSERVED
    #root: Root | undefined

    connectedCallback() {
      this.#root ??= createRoot(this)
      this.#render()
    }

    attributeChangedCallback() {
      if (this.#root) this.#render()
    }

    disconnectedCallback() {
      // Unmounted so the button's subscriptions to the kit stop with the element.
      this.#root?.unmount()
      this.#root = undefined
    }

    #render() {
      const size = this.getAttribute('size')
      const label = this.getAttribute('label')
      this.#root!.render(
        <LatchProvider kit={kit}>
          <Button
            size={size === 'sm' || size === 'md' ? size : undefined}
            variant={this.getAttribute('variant') === 'unstyled' ? 'unstyled' : undefined}
            {...(label ? { label } : {})}
          />
        </LatchProvider>,
      )
    }
  }
  customElements.define(tag, LatchButtonElement)
}
