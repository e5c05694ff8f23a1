import { web3Accounts, web3Enable, web3FromSource } from '@polkadot/extension-dapp'
import type { Injected } from '@polkadot/extension-inject/types'
import type { AdapterContext, AdapterEvent, AdapterSession, Balance, ChainAdapter } from '../adapter/ChainAdapter.js'
import { CaipNetworkUndefinedError, ChainNotSupportedError, UnsupportedChainError } from '../errors/chain.js'
import { ConnectionRejectedError, FailedToConnectError } from '../errors/connection.js'
import { SignatureDeclinedError } from '../errors/request.js'
import { isUserRejection, toConnectionError } from '../errors/toConnectionError.js'
import type { Network } from '../networks/Network.js'

// Addresses are shown in the network's own SS58 format (Polkadot 0, Kusama 2, else generic 42).
const SS58_FORMATS: Record<string, number> = {
  '91b171bb158e2d3848fa23a9f1c25182': 0,
  b0a8d493285c2df73290dfb7e61f870f: 2,
}

/**
 * The polkadot adapter: @polkadot/extension-dapp over one injected extension (enable,
 * accounts, signRaw). Balances and sends are not offered on polkadot (SPEC §9).
 */
export class PolkadotAdapter implements ChainAdapter {
  readonly namespace = 'polkadot' as const
  private readonly removers = new Set<() => void>()
  private unsubscribe: (() => void) | undefined
  private listener: ((event: AdapterEvent) => void) | undefined

  constructor(
    private readonly source: string,
    private readonly appName: string,
    private readonly context: AdapterContext,
  ) {}

  async connect({ network }: { network?: Network; silent?: boolean }): Promise<AdapterSession> {
    const target = network ?? this.context.networks.find((n) => n.chainNamespace === 'polkadot')
    if (!target) throw new CaipNetworkUndefinedError()
    let enabled
    try {
      enabled = await web3Enable(this.appName)
    } catch (error) {
      throw toConnectionError(error)
    }
    const extension = enabled.find((e) => e.name === this.source)
    // extension-dapp swallows an extension's refusal: present but not enabled means it refused.
    if (!extension) throw this.isInjected() ? new ConnectionRejectedError() : new FailedToConnectError()
    const accounts = await web3Accounts({ extensions: [this.source], ss58Format: SS58_FORMATS[String(target.id)] ?? 42 })
    if (accounts.length === 0) throw new FailedToConnectError()
    this.unsubscribe?.()
    this.unsubscribe = extension.accounts.subscribe((list) => {
      if (!this.listener) return
      if (list.length === 0) return this.listener({ type: 'disconnect' })
      this.listener({ type: 'accountsChanged', accounts: list.map((a) => this.toAccount(a.address)) })
    })
    return { accounts: accounts.map((a) => this.toAccount(a.address)), caipNetworkId: target.caipNetworkId }
  }

  async disconnect(): Promise<void> {
    // Extensions have no disconnect: stop listening and forget.
    this.unsubscribe?.()
    this.unsubscribe = undefined
  }

  async switchNetwork(network: Network): Promise<void> {
    if (network.chainNamespace !== 'polkadot') throw new ChainNotSupportedError({ caipNetworkId: network.caipNetworkId })
  }

  async getBalance(): Promise<Balance> {
    throw new UnsupportedChainError({ namespace: 'polkadot' })
  }

  /** Signs a message with `signRaw` (the extension wraps it in <Bytes>…</Bytes>); returns hex. */
  async signMessage({ address, message }: { address: string; message: string }): Promise<string> {
    const injector = await web3FromSource(this.source)
    if (!injector.signer.signRaw) throw new ChainNotSupportedError()
    const data = `0x${Array.from(new TextEncoder().encode(message), (b) => b.toString(16).padStart(2, '0')).join('')}`
    try {
      const { signature } = await injector.signer.signRaw({ address, data, type: 'bytes' })
      return signature
    } catch (error) {
      if (isUserRejection(error) || /reject|cancel/i.test(String((error as Error)?.message))) throw new SignatureDeclinedError({ cause: error })
      throw error
    }
  }

  /** The extension's signer, the one @polkadot/api takes (`tx.signAndSend(address, { signer })`). */
  async getSigner(): Promise<Injected['signer']> {
    return (await web3FromSource(this.source)).signer
  }

  onEvent(listener: (event: AdapterEvent) => void): () => void {
    this.listener = listener
    const remove = () => {
      if (this.listener === listener) this.listener = undefined
      this.removers.delete(remove)
    }
    this.removers.add(remove)
    return remove
  }

  dispose(): void {
    for (const remove of [...this.removers]) remove()
    this.unsubscribe?.()
    this.unsubscribe = undefined
  }

  private isInjected(): boolean {
    const injected = (globalThis as { injectedWeb3?: Record<string, unknown> }).injectedWeb3
    return Boolean(injected && this.source in injected)
  }

  private toAccount(address: string) {
    return { namespace: 'polkadot' as const, address, type: 'eoa' as const }
  }
}
