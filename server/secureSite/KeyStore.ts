import type { LocalAccount } from 'viem'

/** A user's public addresses, one per key. */
export interface UserAddresses {
  /** EIP-55 address of the secp256k1 key. */
  evmAddress: `0x${string}`
  /** Base58 public key of the ed25519 key (a Solana address). */
  solanaAddress: string
}

/**
 * Where the users' private keys live. Nothing here hands a private key out: callers get a
 * signer, so a KMS or HSM can implement the same interface (`SqliteKeyStore` is the local one).
 */
export interface KeyStore {
  /** Generates and stores both keys of a new user. */
  createKeys(userId: string): Promise<UserAddresses>
  /** A viem account that signs messages, typed data and transactions with the user's secp256k1 key. */
  evmAccount(userId: string): Promise<LocalAccount>
  /** An ed25519 signature (64 bytes) of `message` with the user's Solana key. */
  signEd25519(userId: string, message: Uint8Array): Promise<Uint8Array>
}
