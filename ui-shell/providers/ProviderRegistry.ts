import { action, makeObservable, observable } from 'mobx'

/**
 * The provider the host's code signs through, per namespace. Empty here: the package that
 * offers a namespace's provider adds its entry by declaration merging (the connectors plugin adds
 * `eip155`), so `kit.getProvider('eip155')` is typed without a cast.
 *
 * @example
 * declare module 'latch' {
 *   interface KitProviderMap { eip155: KitEip1193Provider }
 * }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface KitProviderMap {}
export type ProviderNamespace = keyof KitProviderMap

/** The namespaces' providers, live: one appears when its plugin loads and leaves when it unloads. */
export class ProviderRegistry {
  private readonly providers = observable.map<PropertyKey, unknown>({}, { deep: false })

  constructor() {
    makeObservable<ProviderRegistry, 'remove'>(this, { register: action, remove: action })
  }

  /** Offers a namespace's provider; returns its withdrawal. */
  register<N extends ProviderNamespace>(namespace: N, provider: KitProviderMap[N]): () => void {
    this.providers.set(namespace, provider)
    return () => this.remove(namespace, provider)
  }

  get<N extends ProviderNamespace>(namespace: N): KitProviderMap[N] | undefined {
    return this.providers.get(namespace) as KitProviderMap[N] | undefined
  }

  private remove(namespace: PropertyKey, provider: unknown): void {
    if (this.providers.get(namespace) === provider) this.providers.delete(namespace)
  }
}
