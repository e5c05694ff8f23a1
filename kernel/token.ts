import type { EventBus } from './events.js'
import type { ViewRegistry } from './views/ViewRegistry.js'
import type { ModalController, ModalState, ViewStack } from './views/ModalController.js'
import type { FeatureStore } from './features/FeatureStore.js'

/** A typed DI token: a symbol that remembers the type it resolves to (no tsyringe needed to make one). */
export type Token<T> = symbol & { readonly __type?: T }

/** Makes a token. Plugins export theirs so others can `ctx.resolve` them. */
export function createToken<T>(description: string): Token<T> {
  return Symbol(description) as Token<T>
}

export const EventBusToken = createToken<EventBus>('EventBus')
export const ViewRegistryToken = createToken<ViewRegistry>('ViewRegistry')
/** Provided by the shell: the modal's view history. */
export const ViewStackToken = createToken<ViewStack>('ViewStack')
/** Provided by the shell: whether the modal is open. */
export const ModalStoreToken = createToken<ModalState>('ModalState')
export const FeatureStoreToken = createToken<FeatureStore>('FeatureStore')
/** Provided by the shell: what `kit.open`, `close` and `back` do (SPEC §2). */
export const ModalControllerToken = createToken<ModalController>('ModalController')
