import { action, makeObservable, observable } from 'mobx'

/** The connector types of SPEC §3. */
export type ConnectorType = 'EXTERNAL' | 'WALLET_CONNECT' | 'INJECTED' | 'ANNOUNCED' | 'AUTH' | 'MULTI_CHAIN'

/**
 * What the kernel knows of a connector: enough to list and find it. The chains package
 * defines what a connector does; the kernel stays chain-agnostic.
 */
export interface KitConnector {
  id: string
  name: string
  type: ConnectorType
  /** The namespace it connects, as a plain string: the kernel knows no chain by name. */
  chain?: string
  imageUrl?: string
  imageId?: string
  explorerId?: string
  info?: { rdns?: string; icon?: string }
}

/** The connectors plugins registered, observable so the Connect view lists them live. */
export class ConnectorRegistry<C extends KitConnector = KitConnector> {
  readonly connectors = observable.array<C>([], { deep: false })

  constructor() {
    makeObservable(this, { register: action, unregister: action })
  }

  /** Adds a connector (replacing one with the same id and chain) and returns its remover. */
  register(connector: C): () => void {
    const index = this.connectors.findIndex((c) => c.id === connector.id && c.chain === connector.chain)
    if (index >= 0) this.connectors.splice(index, 1, connector)
    else this.connectors.push(connector)
    return () => this.unregister(connector)
  }

  unregister(connector: C): void {
    this.connectors.remove(connector)
  }

  get(id: string, chain?: string): C | undefined {
    return this.connectors.find((c) => c.id === id && (chain === undefined || c.chain === chain))
  }

  list(): readonly C[] {
    return this.connectors
  }
}
