import EventEmitter from 'eventemitter3'
import { compareStructural, reaction } from 'mobx'
import type { ConnectionStore } from '../connection/ConnectionStore.js'
import type { Eip155Adapter } from './adapter.js'
import type { Eip1193Provider } from './Eip1193Provider.js'
import { ProviderErrorCode, ProviderRpcError } from './ProviderRpcError.js'

/** Requests after which the account's balance has changed, or soon will. */
const BALANCE_MOVING_METHODS = new Set(['eth_sendTransaction', 'eth_sendRawTransaction', 'wallet_sendCalls'])

// `kit.getProvider('eip155')` is typed by this entry (a type-only augmentation of the core's map).
declare module '../../ui-shell/providers/ProviderRegistry.js' {
  interface KitProviderMap {
    /** EIP-1193, for viem (`custom(provider)`), wagmi and ethers. */
    eip155: KitEip1193Provider
  }
}

/** The kit's eip155 provider: EIP-1193 with the events wagmi and viem listen to. */
export interface KitEip1193Provider extends Eip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: 'connect' | 'disconnect' | 'accountsChanged' | 'chainChanged', listener: (...args: any[]) => void): this
  removeListener(event: string, listener: (...args: any[]) => void): this
}

export interface KitEip1193ProviderDeps {
  store: ConnectionStore
  /** Opens the modal for an eip155 connection; resolves once connected, rejects when it closes first. */
  requestConnection(): Promise<void>
}

interface Eip155Snapshot {
  address: string | undefined
  chainId: number | undefined
}

const toHex = (chainId: number) => `0x${chainId.toString(16)}`

/**
 * One EIP-1193 provider for the kit's eip155 connection, whatever wallet is behind it: wallet
 * calls go to the live connector's own provider at call time, so the object stays valid across
 * account and chain switches, reconnects and a change of wallet. Disconnected, it answers
 * `eth_accounts` with [] and `eth_chainId` with the first listed network, opens the modal for
 * `eth_requestAccounts`, and refuses the rest with EIP-1193's 4900.
 */
export function createKitEip1193Provider({ store, requestConnection }: KitEip1193ProviderDeps): {
  provider: KitEip1193Provider
  dispose(): void
} {
  const events = new EventEmitter()
  const snapshot = (): Eip155Snapshot => {
    const state = store.accountStates.get('eip155')
    if (state?.status !== 'connected' || !state.address || !state.caipAddress) return { address: undefined, chainId: undefined }
    return { address: state.address, chainId: Number(state.caipAddress.split(':')[1]) }
  }
  const fallbackChainId = () => Number(store.networks.find((network) => network.chainNamespace === 'eip155')?.caipNetworkId.split(':')[1] ?? 1)

  const stop = reaction(
    snapshot,
    (next, previous) => {
      if (next.address && !previous.address) events.emit('connect', { chainId: toHex(next.chainId!) })
      if (next.address !== previous.address) events.emit('accountsChanged', next.address ? [next.address] : [])
      if (next.chainId && previous.chainId && next.chainId !== previous.chainId) events.emit('chainChanged', toHex(next.chainId))
      if (!next.address && previous.address) events.emit('disconnect', new ProviderRpcError(ProviderErrorCode.Disconnected, 'Disconnected'))
    },
    { equals: compareStructural },
  )

  async function switchChain(params: unknown): Promise<null> {
    const chainId = Number((params as Array<{ chainId?: string }> | undefined)?.[0]?.chainId)
    const network = store.networks.find((n) => n.caipNetworkId === `eip155:${chainId}`)
    if (!Number.isSafeInteger(chainId) || !network)
      throw new ProviderRpcError(ProviderErrorCode.UnrecognizedChain, `Unrecognized chain ID ${String(chainId)}: the kit does not list it`)
    await store.switchNetwork(network.caipNetworkId)
    return null
  }

  async function request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
    if (typeof method !== 'string') throw new ProviderRpcError(ProviderErrorCode.UnsupportedMethod, 'The method must be a string')
    let { address, chainId } = snapshot()
    switch (method) {
      case 'eth_accounts':
        return address ? [address] : []
      case 'eth_chainId':
        return toHex(chainId ?? fallbackChainId())
      case 'eth_requestAccounts':
        if (!address) {
          await requestConnection()
          ;({ address } = snapshot())
        }
        if (!address) throw new ProviderRpcError(ProviderErrorCode.Unauthorized, 'No eip155 account was connected')
        return [address]
    }
    if (!address) throw new ProviderRpcError(ProviderErrorCode.Disconnected, 'Disconnected: connect a wallet first')
    if (method === 'wallet_switchEthereumChain') return switchChain(params)
    const adapter = store.getAdapter('eip155') as Eip155Adapter | undefined
    if (!adapter?.provider) throw new ProviderRpcError(ProviderErrorCode.Disconnected, 'Disconnected: the wallet is not reachable')
    const result = await adapter.provider.request(params === undefined ? { method } : { method, params })
    // The host's own transaction moves the account's coins: its balance is read again, so Account
    // and the AccountButton never show a balance from before it (AppKit refreshes on pending ones).
    if (BALANCE_MOVING_METHODS.has(method)) void store.refreshBalance('eip155', { force: true })
    return result
  }

  const provider: KitEip1193Provider = {
    request,
    on(event, listener) {
      events.on(event, listener)
      return provider
    },
    removeListener(event, listener) {
      events.off(event, listener)
      return provider
    },
  }
  return {
    provider,
    dispose() {
      stop()
      events.removeAllListeners()
    },
  }
}
