import { base58 } from '@scure/base'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type { AuthFrameProvider } from './AuthFrameProvider.js'
import { FrameAnswerInvalidError } from './errors.js'

const FEATURES = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'] as const
// A plain mark: the embedded wallet has no brand icon of its own.
const ICON = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAxIDEiLz4=' as const

type ChangeListener = (properties: { accounts?: readonly WalletAccount[] }) => void

/**
 * The embedded wallet's Solana account as a Wallet Standard wallet, so the kit's solana adapter
 * drives it like any other: connect reads the session's ed25519 account for the cluster, and
 * every signature goes through the frame's RPC (solana_signMessage, solana_signTransaction,
 * solana_signAndSendTransaction), approved by the visitor inside the frame. Bytes travel as
 * base58, as the secure site reads them.
 *
 * @param caipNetworkId - the cluster (`solana:<ref>`) the account is asked for and sends on
 */
export function createFrameSolanaWallet(provider: AuthFrameProvider, caipNetworkId: `solana:${string}`): Wallet {
  let account: WalletAccount | undefined
  const listeners = new Set<ChangeListener>()
  const toAccount = (address: string): WalletAccount =>
    Object.freeze({ address, publicKey: base58.decode(address), chains: [caipNetworkId], features: [...FEATURES] })
  const rpc = (method: string, params: unknown) => provider.rpc({ method, params, chainId: caipNetworkId }) as Promise<Record<string, unknown>>
  const bytesOf = (value: unknown) => {
    if (typeof value !== 'string') throw new FrameAnswerInvalidError({ details: 'expected a base58 string' })
    return base58.decode(value)
  }
  const setAccount = (next: WalletAccount | undefined) => {
    account = next
    for (const listener of [...listeners]) listener({ accounts: account ? [account] : [] })
  }

  return {
    version: '1.0.0',
    name: 'Email',
    icon: ICON,
    chains: [caipNetworkId],
    get accounts() {
      return account ? [account] : []
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        async connect(input?: { silent?: boolean }) {
          // A reload asks silently: only a live session on the secure site gives the account back.
          if (input?.silent && !provider.user && !(await provider.isConnected())) return { accounts: [] }
          setAccount(toAccount((await provider.getUser(caipNetworkId)).address))
          return { accounts: [account!] }
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        async disconnect() {
          setAccount(undefined)
          // SPEC §4: a disconnect signs out of the frame, unless the eip155 side still uses the session.
          if (!provider.user) await provider.signOut()
        },
      },
      'standard:events': {
        version: '1.0.0',
        on(_event: 'change', listener: ChangeListener) {
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
      },
      'solana:signMessage': {
        version: '1.0.0',
        async signMessage(...inputs: Array<{ account: WalletAccount; message: Uint8Array }>) {
          const outputs = []
          for (const input of inputs) {
            const { signature } = await rpc('solana_signMessage', { message: base58.encode(input.message), pubkey: input.account.address })
            outputs.push({ signedMessage: input.message, signature: bytesOf(signature) })
          }
          return outputs
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signTransaction(...inputs: Array<{ transaction: Uint8Array }>) {
          const outputs = []
          for (const input of inputs) outputs.push({ signedTransaction: bytesOf((await rpc('solana_signTransaction', { transaction: base58.encode(input.transaction) })).transaction) })
          return outputs
        },
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signAndSendTransaction(...inputs: Array<{ transaction: Uint8Array }>) {
          const outputs = []
          for (const input of inputs) outputs.push({ signature: bytesOf((await rpc('solana_signAndSendTransaction', { transaction: base58.encode(input.transaction) })).signature) })
          return outputs
        },
      },
    },
  }
}
