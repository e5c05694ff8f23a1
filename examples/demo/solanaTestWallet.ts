// The demo's Solana test wallet: a Wallet Standard wallet living in this page, so a visitor can
// try Solana with no extension. Loaded only when the visitor adds it (web3.js is large).
import { Connection, Keypair, LAMPORTS_PER_SOL, Transaction } from '@solana/web3.js'
import { ed25519 } from '@noble/curves/ed25519'
import { getWallets } from '@wallet-standard/app'
import type { Wallet, WalletAccount } from '@wallet-standard/base'

import { SOLANA_TEST_WALLET_AIRDROP_SOL, SOLANA_TEST_WALLET_KEY_ITEM as KEY_ITEM, SOLANA_TEST_WALLET_NAME } from './solanaTestWalletInfo.js'

// A blue square with an "S": a data URL, as Wallet Standard wants, fetched from nowhere.
const ICON = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#9945ff"/><text x="16" y="22" font-family="sans-serif" font-size="16" font-weight="700" fill="#fff" text-anchor="middle">S</text></svg>')}` as const
// Whether the visitor approved this page, as a wallet remembers it: a reload's silent connect gets the account.
const APPROVED_ITEM = 'latch-demo:solana-test-wallet-approved'

// The address registered in this page: a second add registers nothing.
let registered: string | undefined

type ChangeListener = (properties: { accounts?: readonly WalletAccount[] }) => void

/** The saved test key, or undefined when the visitor never added the wallet here. */
function savedKeypair(): Keypair | undefined {
  const saved = localStorage.getItem(KEY_ITEM)
  return saved ? Keypair.fromSecretKey(Uint8Array.from(atob(saved), (c) => c.charCodeAt(0))) : undefined
}

/**
 * A Wallet Standard wallet over `keypair` for the local cluster: connect, disconnect, sign
 * messages (ed25519), sign transactions, and sign-and-send through `rpcUrl`.
 */
function createWallet(keypair: Keypair, chain: `solana:${string}`, rpcUrl: string): Wallet {
  const listeners = new Set<ChangeListener>()
  const account: WalletAccount = Object.freeze({
    address: keypair.publicKey.toBase58(),
    publicKey: keypair.publicKey.toBytes(),
    chains: [chain],
    features: ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'] as const,
  })
  let connected = localStorage.getItem(APPROVED_ITEM) === 'yes'
  const sign = (transaction: Uint8Array) => {
    const tx = Transaction.from(transaction)
    tx.partialSign(keypair)
    return tx
  }
  return {
    version: '1.0.0',
    name: SOLANA_TEST_WALLET_NAME,
    icon: ICON,
    chains: [chain],
    get accounts() {
      return connected ? [account] : []
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        // A silent connect (the kit's reconnect after a reload) gets the account once it was given.
        async connect(input?: { silent?: boolean }) {
          if (!input?.silent) {
            connected = true
            localStorage.setItem(APPROVED_ITEM, 'yes')
          }
          return { accounts: connected ? [account] : [] }
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        async disconnect() {
          connected = false
          localStorage.removeItem(APPROVED_ITEM)
          for (const listener of listeners) listener({ accounts: [] })
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
        async signMessage(...inputs: Array<{ message: Uint8Array }>) {
          return inputs.map(({ message }) => ({ signedMessage: message, signature: ed25519.sign(message, keypair.secretKey.slice(0, 32)) }))
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy'],
        async signTransaction(...inputs: Array<{ transaction: Uint8Array }>) {
          return inputs.map(({ transaction }) => ({ signedTransaction: sign(transaction).serialize() }))
        },
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy'],
        async signAndSendTransaction(...inputs: Array<{ transaction: Uint8Array }>) {
          const connection = new Connection(rpcUrl, 'confirmed')
          const outputs = []
          for (const { transaction } of inputs) {
            const tx = sign(transaction)
            await connection.sendRawTransaction(tx.serialize())
            outputs.push({ signature: tx.signature! })
          }
          return outputs
        },
      },
    },
  }
}

/**
 * Registers the test wallet in this page (the kit's Solana connectors see it at once). A new key
 * is funded by the local cluster's airdrop (the reference backend's Solana RPC answers
 * `requestAirdrop`); a saved one is registered as it is.
 *
 * @param network - the backend's local cluster: its CAIP-2 id and the RPC URL the kit uses
 * @param options - `create: false` registers only a wallet added before (at page load)
 * @returns the wallet's address, or undefined when there was none to restore
 */
export async function addSolanaTestWallet(network: { caipNetworkId: string; rpcUrl: string }, options: { create: boolean }): Promise<string | undefined> {
  if (registered) return registered
  let keypair = savedKeypair()
  if (!keypair && !options.create) return undefined
  if (!keypair) {
    keypair = Keypair.generate()
    const connection = new Connection(network.rpcUrl, 'confirmed')
    await connection.requestAirdrop(keypair.publicKey, SOLANA_TEST_WALLET_AIRDROP_SOL * LAMPORTS_PER_SOL)
    localStorage.setItem(KEY_ITEM, btoa(String.fromCharCode(...keypair.secretKey)))
  }
  getWallets().register(createWallet(keypair, network.caipNetworkId as `solana:${string}`, network.rpcUrl))
  registered = keypair.publicKey.toBase58()
  return registered
}
