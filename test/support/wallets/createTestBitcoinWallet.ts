import { secp256k1 } from '@noble/curves/secp256k1'
import { ripemd160 } from '@noble/hashes/ripemd160'
import { sha256 } from '@noble/hashes/sha256'
import { bech32 } from '@scure/base'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { bitcoinMessageHash } from '../bitcoinMessage.js'

const ICON = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=' as const

/**
 * A real Wallet Standard bitcoin wallet for tests: a secp256k1 key with a P2WPKH payment
 * address and an ordinals account the kit must ignore. It signs in the legacy
 * signed-message format (BIP-137 header for P2WPKH).
 */
export function createTestBitcoinWallet(options: { privateKey: Uint8Array; name?: string }) {
  const publicKey = secp256k1.getPublicKey(options.privateKey, true)
  const program = ripemd160(sha256(publicKey))
  const address = bech32.encode('bc', [0, ...bech32.toWords(program)])
  const payment = Object.freeze({ address, publicKey, chains: ['bitcoin:mainnet'] as const, features: ['bitcoin:signMessage'] as const, purpose: 'payment' })
  const ordinals = Object.freeze({ ...payment, address: 'bc1p' + 'q'.repeat(58), purpose: 'ordinals' })
  let connected = false
  const wallet: Wallet = {
    version: '1.0.0',
    name: options.name ?? 'Latch Test Bitcoin',
    icon: ICON,
    chains: ['bitcoin:mainnet'],
    get accounts() {
      return connected ? [payment, ordinals] : []
    },
    features: {
      'bitcoin:connect': {
        version: '1.0.0',
        async connect() {
          connected = true
          return { accounts: [ordinals, payment] }
        },
      },
      'standard:connect': {
        version: '1.0.0',
        async connect(input?: { silent?: boolean }) {
          if (!input?.silent) connected = true
          return { accounts: connected ? [ordinals, payment] : [] }
        },
      },
      'bitcoin:signMessage': {
        version: '1.0.0',
        async signMessage(...inputs: Array<{ account: WalletAccount; message: Uint8Array }>) {
          return inputs.map(({ message }) => {
            const signature = secp256k1.sign(bitcoinMessageHash(message), options.privateKey)
            // BIP-137: 39 + recovery id marks a P2WPKH (bech32) address.
            const signed = new Uint8Array([39 + signature.recovery, ...signature.toCompactRawBytes()])
            return { signedMessage: message, signature: signed }
          })
        },
      },
    },
  }
  return { wallet, address }
}
