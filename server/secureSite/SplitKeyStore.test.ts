import { describe, expect, it } from 'vitest'
import { randomBytes } from 'node:crypto'
import { combine } from 'shamir-secret-sharing'
import { bytesToHex, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { openDatabase } from '../storage/openDatabase.js'
import { createSecureSiteTables } from './createSecureSiteTables.js'
import { SplitKeyStore } from './SplitKeyStore.js'
import { SqliteKeyStore } from './SqliteKeyStore.js'
import { DeviceShareRequiredError, KeyUnsealFailedError } from '../errors/masterSecret.js'
import { resealKeys } from './resealKeys.js'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

function newStore() {
  const db = openDatabase(':memory:')
  createSecureSiteTables(db)
  const secret = randomBytes(32)
  return { db, secret, store: new SplitKeyStore(db, secret) }
}

describe('SplitKeyStore', () => {
  it('keeps no whole secp256k1 key: the enrollment’s device share and the auth share make the user’s key, and sign only together', async () => {
    const { db, store } = newStore()
    const { evmAddress } = await store.createKeys('u1')
    expect(db.prepare("SELECT kind FROM secure_site_keys WHERE user_id = 'u1'").all()).toEqual([{ kind: 'ed25519' }])
    expect(db.prepare("SELECT holder FROM secure_site_key_shares WHERE user_id = 'u1' ORDER BY holder").all()).toEqual([{ holder: 'auth' }, { holder: 'recovery' }])

    const enrollment = store.takeEnrollment('u1')!
    expect(enrollment.evmAddress).toBe(evmAddress)
    expect(store.takeEnrollment('u1')).toBeUndefined()
    const key = await combine([enrollment.deviceShare, (await store.authShare('u1'))!])
    expect(privateKeyToAccount(bytesToHex(key)).address).toBe(evmAddress)

    const account = await store.evmAccount('u1', enrollment.deviceShare)
    expect(await verifyMessage({ address: evmAddress, message: 'hi', signature: await account.signMessage({ message: 'hi' }) })).toBe(true)
    await expect(store.evmAccount('u1')).rejects.toBeInstanceOf(DeviceShareRequiredError)
    const forged = Uint8Array.from(enrollment.deviceShare)
    forged[0]! ^= 1
    await expect(store.evmAccount('u1', forged)).rejects.toBeInstanceOf(DeviceShareRequiredError)
  })

  it('signs Solana messages as before, and whole keys made before the split keep signing (mixed mode)', async () => {
    const { db, secret, store } = newStore()
    await store.createKeys('u1')
    expect(await store.signEd25519('u1', new Uint8Array([1, 2, 3]))).toHaveLength(64)
    const { evmAddress } = await new SqliteKeyStore(db, secret).createKeys('old')
    expect((await store.evmAccount('old')).address).toBe(evmAddress)
    expect(await store.authShare('old')).toBeUndefined()
  })

  it('keeps signing after a master secret rotation: the auth share is re-sealed under the new secret', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'latch-split-rotation-'))
    try {
      const [secretA, secretB] = [randomBytes(32), randomBytes(32)]
      const before = openDatabase(dataDir)
      createSecureSiteTables(before)
      const created = new SplitKeyStore(before, secretA)
      const { evmAddress } = await created.createKeys('u1')
      const { deviceShare } = created.takeEnrollment('u1')!
      before.close()

      expect(resealKeys({ dataDir, oldSecret: secretA, newSecret: secretB })).toEqual({ keys: 1, shares: 1 })
      const after = openDatabase(dataDir)
      try {
        expect((await new SplitKeyStore(after, secretB).evmAccount('u1', deviceShare)).address).toBe(evmAddress)
        await expect(new SplitKeyStore(after, secretA).evmAccount('u1', deviceShare)).rejects.toBeInstanceOf(KeyUnsealFailedError)
      } finally {
        after.close()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
