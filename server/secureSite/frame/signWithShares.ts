import { bytesToHex, isAddressEqual, isHex, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { combine } from 'shamir-secret-sharing'
import { base64urlnopad } from '@scure/base'
import type { SecureSiteApi } from './SecureSiteApi.js'
import type { DeviceShares } from './openShareStore.js'
import { FrameKeySharesMismatchError } from './errors.js'

/** The methods the frame signs itself once the user's key is kept in shares; the others still go to `/api/sign` (mixed mode, KEY_SHARES.md). */
export const FRAME_SIGNED_METHODS: ReadonlySet<string> = new Set(['personal_sign'])

/**
 * Signs an EIP-191 message with the user's split key, assembled here for this one signature: the
 * device share from this origin's storage and the auth share the server releases to this
 * session's device key (`POST /api/share`, DPoP). The key's bytes are wiped at once; the hex
 * string viem keeps cannot be, and goes with the account.
 *
 * @param message - personal_sign's message: hex bytes, or text
 * @returns the 65-byte signature
 */
export async function personalSignWithShares(api: SecureSiteApi, shares: DeviceShares, message: string): Promise<Hex> {
  const { authShare } = await api.post<{ authShare: string }>('/api/share')
  const server = base64urlnopad.decode(authShare)
  const key = await combine([shares.deviceShare, server])
  server.fill(0)
  const account = key.length === 32 ? privateKeyToAccount(bytesToHex(key)) : undefined
  key.fill(0)
  // Shares of another key (a stale store, a server answering for another user) never sign.
  if (!account || !isAddressEqual(account.address, shares.evmAddress as Hex)) throw new FrameKeySharesMismatchError()
  return account.signMessage({ message: isHex(message) ? { raw: message } : message })
}

/** The base64url form the API carries shares in. */
export const encodeShare = (bytes: Uint8Array) => base64urlnopad.encode(bytes)
export const decodeShare = (text: string) => base64urlnopad.decode(text)
