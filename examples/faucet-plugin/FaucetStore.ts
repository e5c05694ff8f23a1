import { action, computed, makeObservable, observable, observableRef } from 'mobx'
import { KitError } from 'latch/plugin'
import { FaucetRequestError } from './errors.js'

/** One request to the faucet service: an EVM address on a CAIP-2 network. */
export interface FaucetRequest {
  address: string
  caipNetworkId: string
}

/** What the store reads of the connection: the connectors plugin's store satisfies it. */
export interface FaucetConnection {
  readonly caipAddress: string | undefined
  refreshBalance(namespace: 'eip155'): Promise<void>
}

export interface FaucetStoreDeps {
  connection: FaucetConnection
  /** What one request gives, as the button says it, e.g. '1 ETH'. */
  amount: string
  /** Sends a request to the faucet service; rejects with FaucetRequestError. */
  send(request: FaucetRequest): Promise<void>
}

export type FaucetStatus = 'idle' | 'requesting' | 'funded' | 'failed'

/**
 * The faucet's state: who would be funded (the active EVM account), and the last request's
 * outcome. I/O goes through `send`, so the store runs in Node tests.
 */
export class FaucetStore {
  status: FaucetStatus = 'idle'
  /** The last failure, shown by its `shortMessage`. */
  error: KitError | undefined = undefined
  readonly amount: string

  constructor(private readonly deps: FaucetStoreDeps) {
    this.amount = deps.amount
    makeObservable<FaucetStore, 'settle'>(this, {
      status: observable,
      error: observableRef,
      recipient: computed,
      canRequest: computed,
      requestFunds: action,
      settle: action,
    })
  }

  /** The active account when it is an EVM one (`eip155:<chain>:<address>`); a faucet serves no other. */
  get recipient(): FaucetRequest | undefined {
    const [namespace, reference, address] = this.deps.connection.caipAddress?.split(':') ?? []
    if (namespace !== 'eip155' || !reference || !address) return undefined
    return { address, caipNetworkId: `${namespace}:${reference}` }
  }

  get canRequest(): boolean {
    return this.recipient !== undefined && this.status !== 'requesting'
  }

  /** Asks the faucet to fund the active account, then re-reads its balance. */
  async requestFunds(): Promise<void> {
    const recipient = this.recipient
    if (!recipient || this.status === 'requesting') return
    this.status = 'requesting'
    this.error = undefined
    try {
      await this.deps.send(recipient)
    } catch (error) {
      this.settle('failed', error instanceof KitError ? error : new FaucetRequestError({ cause: error }))
      return
    }
    this.settle('funded', undefined)
    await this.deps.connection.refreshBalance('eip155')
  }

  private settle(status: FaucetStatus, error: KitError | undefined): void {
    this.status = status
    this.error = error
  }
}
