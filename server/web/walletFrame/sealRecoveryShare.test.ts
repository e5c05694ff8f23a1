import { describe, expect, it } from 'vitest'
import { randomBytes } from 'node:crypto'
import { sealKey, unsealKey } from '../../secureSite/SqliteKeyStore.js'
import { openUnderPasskey, openWithRecoverySecret, sealUnderPasskey } from './sealRecoveryShare.js'

// The frame's WebCrypto sealing must read the server's `sealKey` layout, and its own must open
// only with the passkey's secret, for this user, as a passkey-sealed share.
describe('sealRecoveryShare', () => {
  const share = new Uint8Array(randomBytes(33))
  const secret = new Uint8Array(randomBytes(32))

  it('opens a recovery share the server sealed under the recovery secret', async () => {
    const sealed = sealKey(Buffer.from(share), { userId: 'user-1', kind: 'secp256k1:recovery', secret: Buffer.from(secret) })
    expect(await openWithRecoverySecret(new Uint8Array(sealed), secret, 'user-1')).toEqual(share)
    await expect(openWithRecoverySecret(new Uint8Array(sealed), secret, 'user-2')).rejects.toThrow()
  })

  it('seals under the passkey secret: that secret and user open it; another secret, user or the server-side opener do not', async () => {
    const sealed = await sealUnderPasskey(share, secret, 'user-1')
    expect(sealed).toHaveLength(12 + 16 + 33)
    expect(await openUnderPasskey(sealed, secret, 'user-1')).toEqual(share)
    await expect(openUnderPasskey(sealed, new Uint8Array(randomBytes(32)), 'user-1')).rejects.toThrow()
    await expect(openUnderPasskey(sealed, secret, 'user-2')).rejects.toThrow()
    expect(() => unsealKey(Buffer.from(sealed), { userId: 'user-1', kind: 'secp256k1:recovery', secret: Buffer.from(secret) })).toThrow()
  })
})
