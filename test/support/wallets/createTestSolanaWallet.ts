import { ed25519 } from '@noble/curves/ed25519'
import { Connection, Keypair, Transaction } from '@solana/web3.js'
import type { Wallet, WalletAccount } from '@wallet-standard/base'

const ICON = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=' as const

/**
 * A real Wallet Standard Solana wallet for tests: a Keypair that signs messages (ed25519) and
 * transactions; given the cluster's `rpcUrl`, it also signs and sends them itself
 * (`solana:signAndSendTransaction`), as most wallets do. `approve` plays the user; false throws a
 * 4001 rejection.
 */
export function createTestSolanaWallet(options: { secretKey: Uint8Array; name?: string; approve?: (feature: string) => boolean; rpcUrl?: string }) {
  const keypair = Keypair.fromSecretKey(options.secretKey)
  const listeners = new Set<(properties: { accounts?: readonly WalletAccount[] }) => void>()
  const account: WalletAccount = Object.freeze({
    address: keypair.publicKey.toBase58(),
    publicKey: keypair.publicKey.toBytes(),
    chains: ['solana:localnet', 'solana:mainnet'] as const,
    features: (options.rpcUrl
      ? ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction']
      : ['solana:signMessage', 'solana:signTransaction']) as WalletAccount['features'],
  })
  let connected = false
  const prompt = (feature: string) => {
    if (options.approve && !options.approve(feature)) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
  }
  const wallet: Wallet = {
    version: '1.0.0',
    name: options.name ?? 'Latch Test Solana',
    icon: ICON,
    chains: ['solana:localnet', 'solana:mainnet'],
    get accounts() {
      return connected ? [account] : []
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        async connect(input?: { silent?: boolean }) {
          if (!connected && !input?.silent) {
            prompt('standard:connect')
            connected = true
          }
          return { accounts: connected ? [account] : [] }
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        async disconnect() {
          connected = false
          for (const listener of listeners) listener({ accounts: [] })
        },
      },
      'standard:events': {
        version: '1.0.0',
        on(_event: 'change', listener: (properties: { accounts?: readonly WalletAccount[] }) => void) {
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
      },
      'solana:signMessage': {
        version: '1.0.0',
        async signMessage(...inputs: Array<{ account: WalletAccount; message: Uint8Array }>) {
          prompt('solana:signMessage')
          return inputs.map(({ message }) => ({ signedMessage: message, signature: ed25519.sign(message, keypair.secretKey.slice(0, 32)) }))
        },
      },
      ...(options.rpcUrl ? { 'solana:signAndSendTransaction': signAndSendFeature(keypair, options.rpcUrl, prompt) } : {}),
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy'],
        async signTransaction(...inputs: Array<{ account: WalletAccount; transaction: Uint8Array }>) {
          prompt('solana:signTransaction')
          return inputs.map(({ transaction }) => {
            const tx = Transaction.from(transaction)
            tx.partialSign(keypair)
            return { signedTransaction: tx.serialize() }
          })
        },
      },
    },
  }
  return { wallet, address: account.address, publicKey: keypair.publicKey.toBytes(), listenerCount: () => listeners.size }
}

/** `solana:signAndSendTransaction` on one cluster: signs with the keypair, sends, returns the signature bytes. */
function signAndSendFeature(keypair: Keypair, rpcUrl: string, prompt: (feature: string) => void) {
  const connection = new Connection(rpcUrl, 'confirmed')
  return {
    version: '1.0.0',
    supportedTransactionVersions: ['legacy'],
    async signAndSendTransaction(...inputs: Array<{ account: WalletAccount; transaction: Uint8Array }>) {
      prompt('solana:signAndSendTransaction')
      const outputs = []
      for (const { transaction } of inputs) {
        const tx = Transaction.from(transaction)
        tx.partialSign(keypair)
        await connection.sendRawTransaction(tx.serialize())
        outputs.push({ signature: tx.signature! })
      }
      return outputs
    },
  }
}
