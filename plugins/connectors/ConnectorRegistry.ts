import { action, makeObservable, observable } from 'mobx'
import type { AnyConnector } from '../../chains/connectors/ChainConnector.js'

/** The connectors sources and plugins registered, observable so the Connect view lists them live. */
export class ConnectorRegistry {
  readonly connectors = observable.array<AnyConnector>([], { deep: false })

  constructor() {
    makeObservable(this, { register: action, unregister: action })
  }

  /** Adds a connector (replacing one with the same id and chain) and returns its remover. */
  register(connector: AnyConnector): () => void {
    const index = this.connectors.findIndex((c) => c.id === connector.id && c.chain === connector.chain)
    if (index >= 0) this.connectors.splice(index, 1, connector)
    else this.connectors.push(connector)
    return () => this.unregister(connector)
  }

  unregister(connector: AnyConnector): void {
    this.connectors.remove(connector)
  }

  /** A connector by id, of a namespace when given (a multi-chain one matches every namespace). */
  get(id: string, chain?: string): AnyConnector | undefined {
    return this.connectors.find((c) => c.id === id && (chain === undefined || c.chain === chain || c.chain === undefined))
  }

  list(): readonly AnyConnector[] {
    return this.connectors
  }
}
