import { bytesToHex } from 'viem'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { combine } from 'shamir-secret-sharing'
import { unsealKey } from '../../server/secureSite/SqliteKeyStore.js'
import type { DeviceKey } from '../support/deviceKey.js'
import { siteCall } from './secureSiteSupport.js'

/**
 * The user's EVM key assembled as a frame on a new device does it (KEY_SHARES.md), in the test
 * process: the recovery share opened with the vault's recovery secret (`POST /api/share/vault`),
 * combined with the auth share (`POST /api/share`). For API-level tests that sign with a split key
 * what the frame would, and send it through `/api/submit/*`.
 */
export async function splitKeyAccount(siteUrl: string, session: { token: string; key?: DeviceKey }): Promise<PrivateKeyAccount> {
  const vault = await siteCall(siteUrl, '/api/share/vault', { body: {}, ...session })
  const auth = await siteCall(siteUrl, '/api/share', { body: {}, ...session })
  if (vault.status !== 200 || auth.status !== 200) throw new Error(`no shares for this session: ${vault.status} ${auth.status}`)
  const { userId, recoverySecret, evm } = vault.body as { userId: string; recoverySecret: string; evm: { sealed: string } }
  const recovery = unsealKey(Buffer.from(evm.sealed, 'base64url'), { userId, kind: 'secp256k1:recovery', secret: Buffer.from(recoverySecret, 'base64url') })
  const key = await combine([new Uint8Array(recovery), new Uint8Array(Buffer.from((auth.body as { authShare: string }).authShare, 'base64url'))])
  return privateKeyToAccount(bytesToHex(key))
}
