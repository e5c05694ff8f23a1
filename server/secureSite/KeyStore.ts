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
  /**
   * A viem account that signs messages, typed data and transactions with the user's secp256k1 key.
   * A key kept in shares (`SplitKeyStore`) is refused (`SignInFrameRequiredError`): the frame signs.
   */
  evmAccount(userId: string): Promise<LocalAccount>
  /** An ed25519 signature (64 bytes) of `message` with the user's Solana key. */
  signEd25519(userId: string, message: Uint8Array): Promise<Uint8Array>
  /** The server's share of a split secp256k1 key, released to a proven session; none for a whole key. */
  authShare?(userId: string): Promise<Uint8Array | undefined>
  /** The server's share of a split ed25519 (Solana) seed; none for a whole key. */
  solanaAuthShare?(userId: string): Promise<Uint8Array | undefined>
  /** What a new split key's first session takes once: the device share and recovery secret (`KeyEnrollment`). */
  takeEnrollment?(userId: string): Promise<KeyEnrollment | undefined>
  /** A whole key from before the split, split at its user's login: the asking frame's shares (`SplitKeyStore.migrate`). */
  migrate?(userId: string): Promise<KeyEnrollment | undefined>
}

/** Handed once to the frame that made the user's first session; never stored by the server. */
export interface KeyEnrollment {
  evmAddress: `0x${string}`
  /** The share the frame keeps in IndexedDB on the secure origin. */
  deviceShare: Uint8Array
  /** Opens the recovery share the server keeps sealed; handed to the frame only where no recovery vault keeps it. */
  recoverySecret?: Uint8Array
  /** The device share of the Solana seed, and its address, when the seed is split too. */
  solanaShare?: Uint8Array
  solanaAddress?: string
}
