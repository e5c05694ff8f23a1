import { action, makeObservable, observable } from 'mobx'
import { toKitError, type KitError } from '../../kernel/index.js'

/** The part of the connection store the connect flow needs (plugins/connectors provides it). */
export interface Connector {
  connect(connectorId: string, options?: { namespace?: string }): Promise<string>
}

export type ConnectFlowStatus = 'idle' | 'connecting' | 'connected' | 'failed'

/**
 * One connection attempt from the modal: which connector, where it stands, and the error
 * to show (SPEC §8: 'Connection rejected', 'Modal closed', ...). A retry starts it over.
 */
export class ConnectFlowStore {
  status: ConnectFlowStatus = 'idle'
  connectorId: string | undefined = undefined
  namespace: string | undefined = undefined
  error: KitError | undefined = undefined
  /** How many attempts failed so far: a view keys its shake on it so each failure shakes. */
  failures = 0
  private attempt = 0

  constructor(private readonly connection: () => Connector | undefined) {
    makeObservable<ConnectFlowStore, 'settle'>(this, {
      status: observable,
      connectorId: observable,
      namespace: observable,
      error: observable,
      failures: observable,
      start: action,
      settle: action,
      reset: action,
    })
  }

  /** Connects with a connector; resolves true once an address is there, false on failure. */
  async start(connectorId: string, namespace?: string): Promise<boolean> {
    const attempt = ++this.attempt
    this.status = 'connecting'
    this.connectorId = connectorId
    this.namespace = namespace
    this.error = undefined
    const connection = this.connection()
    try {
      if (!connection) throw new Error('No connectors plugin is loaded')
      await connection.connect(connectorId, namespace ? { namespace } : {})
      this.settle(attempt, 'connected')
      return true
    } catch (error) {
      this.settle(attempt, 'failed', toKitError(error))
      return false
    }
  }

  /** Tries the last connector again. */
  retry(): Promise<boolean> {
    return this.connectorId ? this.start(this.connectorId, this.namespace) : Promise.resolve(false)
  }

  reset(): void {
    this.attempt++
    this.status = 'idle'
    this.error = undefined
  }

  private settle(attempt: number, status: ConnectFlowStatus, error?: KitError): void {
    // A newer attempt (or a reset) owns the state now.
    if (attempt !== this.attempt) return
    this.status = status
    this.error = error
    if (status === 'failed') this.failures++
  }
}
