import { bytesToHex, isAddressEqual, type Hex, type PrivateKeyAccount } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ed25519 } from '@noble/curves/ed25519'
import { combine } from 'shamir-secret-sharing'
import { base58, base64urlnopad } from '@scure/base'
import type { SecureSiteApi } from './SecureSiteApi.js'
import type { DeviceShares } from './openShareStore.js'
import { FrameKeySharesMismatchError } from './errors.js'

/** The server's shares of the user's keys, released to this session's device key (`POST /api/share`, DPoP). */
interface AuthShares {
  authShare: string
  /** Absent for a Solana key kept whole (made before the split). */
  solanaAuthShare?: string
}

/**
 * Runs `use` with the user's EVM key assembled here for this one operation: the device share
 * from this origin's storage and the auth share the server releases. The key's bytes are wiped
 * at once; the hex string viem keeps cannot be, and goes with the account.
 */
export async function withEvmKey<T>(api: SecureSiteApi, shares: DeviceShares, use: (account: PrivateKeyAccount) => Promise<T>): Promise<T> {
  const { authShare } = await api.post<AuthShares>('/api/share')
  const key = await combineShares(shares.deviceShare, authShare)
  const account = key.length === 32 ? privateKeyToAccount(bytesToHex(key)) : undefined
  key.fill(0)
  // Shares of another key (a stale store, a server answering for another user) never sign.
  if (!account || !isAddressEqual(account.address, shares.evmAddress as Hex)) throw new FrameKeySharesMismatchError()
  return use(account)
}

/**
 * Signs each message with the user's ed25519 key (Solana), assembled here from the device share
 * of its 32-byte seed and the server's auth share, and wiped after the last signature.
 *
 * @returns the 64-byte signatures, in order
 */
export async function signEd25519WithShares(api: SecureSiteApi, shares: DeviceShares, messages: Uint8Array[]): Promise<Uint8Array[]> {
  const { solanaAuthShare } = await api.post<AuthShares>('/api/share')
  if (!shares.solanaShare || !shares.solanaAddress || !solanaAuthShare) throw new FrameKeySharesMismatchError()
  const seed = await combineShares(shares.solanaShare, solanaAuthShare)
  try {
    if (seed.length !== 32 || base58.encode(ed25519.getPublicKey(seed)) !== shares.solanaAddress) throw new FrameKeySharesMismatchError()
    return messages.map((message) => ed25519.sign(message, seed))
  } finally {
    seed.fill(0)
  }
}

async function combineShares(deviceShare: Uint8Array, authShare: string): Promise<Uint8Array> {
  const server = base64urlnopad.decode(authShare)
  try {
    return await combine([deviceShare, server])
  } catch (error) {
    throw new FrameKeySharesMismatchError({ cause: error })
  } finally {
    server.fill(0)
  }
}

/** The base64url form the API carries shares in. */
export const encodeShare = (bytes: Uint8Array) => base64urlnopad.encode(bytes)
export const decodeShare = (text: string) => base64urlnopad.decode(text)
