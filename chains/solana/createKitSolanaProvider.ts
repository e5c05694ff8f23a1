import type { ConnectionStore } from '../connection/ConnectionStore.js'
import { NotConnectedError } from '../errors/connection.js'
import type { SolanaAdapter } from './adapter.js'

// `kit.getProvider('solana')` is typed by this entry (a type-only augmentation of the core's map).
declare module '../../ui-shell/providers/ProviderRegistry.js' {
  interface KitProviderMap {
    /** Wallet Standard's Solana features over the connected wallet. */
    solana: KitSolanaProvider
  }
}

/**
 * The kit's Solana provider: the connected wallet's Wallet Standard features, on serialized
 * transactions (`transaction.serialize({ requireAllSignatures: false })` with @solana/web3.js,
 * or a @solana/kit wire transaction), so it needs no Solana SDK of its own.
 */
export interface KitSolanaProvider {
  /** The connected account (base58), undefined while disconnected. */
  readonly address: string | undefined
  /** Signs a message (UTF-8 text or bytes); resolves with the ed25519 signature. */
  signMessage(message: string | Uint8Array): Promise<Uint8Array>
  /** Has the wallet sign a serialized transaction; resolves with it signed, not sent. */
  signTransaction(transaction: Uint8Array): Promise<Uint8Array>
  /** Signs and sends on the active Solana network; resolves with the signature once confirmed. */
  signAndSendTransaction(transaction: Uint8Array): Promise<string>
}

/**
 * One Solana provider for the kit: each call goes to the wallet connected at call time, so the
 * object stays valid across reconnects and a change of wallet. Disconnected, calls reject with
 * NotConnectedError.
 */
export function createKitSolanaProvider(store: ConnectionStore): KitSolanaProvider {
  const live = () => {
    const state = store.accountStates.get('solana')
    const adapter = store.getAdapter('solana') as SolanaAdapter | undefined
    const network = store.networks.find((n) => n.caipNetworkId === state?.caipAddress?.split(':').slice(0, 2).join(':'))
    if (state?.status !== 'connected' || !state.address || !adapter || !network) throw new NotConnectedError({ namespace: 'solana' })
    return { adapter, address: state.address, network }
  }
  return {
    get address() {
      const state = store.accountStates.get('solana')
      return state?.status === 'connected' ? state.address : undefined
    },
    async signMessage(message) {
      const { adapter, address } = live()
      return adapter.signMessageBytes(address, typeof message === 'string' ? new TextEncoder().encode(message) : message)
    },
    async signTransaction(transaction) {
      const { adapter, address, network } = live()
      return adapter.signTransactionBytes(address, transaction, network)
    },
    async signAndSendTransaction(transaction) {
      const { adapter, address, network } = live()
      return adapter.signAndSendTransactionBytes(address, transaction, network)
    },
  }
}
