import { afterAll, describe, expect, it } from 'vitest'
import { randomBytes } from 'node:crypto'
import { combine } from 'shamir-secret-sharing'
import { bytesToHex } from 'viem'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { privateKeyToAccount } from 'viem/accounts'
import { openSecureSiteStorage } from '../../test/support/openSecureSiteStorage.js'
import { testDatabaseKind } from '../../test/support/testDatabase.js'
import { SplitKeyStore } from './SplitKeyStore.js'
import { SqliteKeyStore } from './SqliteKeyStore.js'
import { KeyUnsealFailedError } from './masterSecretErrors.js'
import { SignInFrameRequiredError } from './keyShareErrors.js'
import { resealKeys } from './resealKeys.js'
import { openStorage } from '../plugins/database/index.js'
import { openDatabase } from '../plugins/database/openDatabase.js'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BACKEND_MIGRATIONS } from '../createServer.js'
import { sharedLoginState } from '../../test/support/redis/sharedLoginState.js'

const opened: Array<{ close(): Promise<void> }> = []
afterAll(async () => {
  for (const storage of opened) await storage.close()
})

async function newStore() {
  const { storage, close } = await openSecureSiteStorage()
  opened.push({ close })
  const secret = randomBytes(32)
  return { storage, secret, store: new SplitKeyStore(storage, secret) }
}

/** The address of a 32-byte secp256k1 key, and the Solana address of a 32-byte ed25519 seed. */
const evmAddressOf = (key: Uint8Array) => privateKeyToAccount(bytesToHex(key)).address
const solanaAddressOf = (seed: Uint8Array) => base58.encode(ed25519.getPublicKey(seed))

describe(`SplitKeyStore (${testDatabaseKind()})`, () => {
  it('keeps no whole key: the enrollment’s device shares and the auth shares make the user’s secp256k1 key and ed25519 seed, and the server signs with neither', async () => {
    const { storage, store } = await newStore()
    const { evmAddress, solanaAddress } = await store.createKeys('u1')
    expect(await storage.db.selectFrom('secure_site_keys').select('kind').where('user_id', '=', 'u1').execute()).toEqual([])
    expect(await storage.db.selectFrom('secure_site_key_shares').select(['kind', 'holder']).where('user_id', '=', 'u1').orderBy('kind').orderBy('holder').execute()).toEqual([
      { kind: 'ed25519', holder: 'auth' },
      { kind: 'ed25519', holder: 'recovery' },
      { kind: 'secp256k1', holder: 'auth' },
      { kind: 'secp256k1', holder: 'recovery' },
    ])

    const enrollment = (await store.takeEnrollment('u1'))!
    expect(enrollment).toMatchObject({ evmAddress, solanaAddress })
    expect(await store.takeEnrollment('u1')).toBeUndefined()
    expect(evmAddressOf(await combine([enrollment.deviceShare, (await store.authShare('u1'))!]))).toBe(evmAddress)
    expect(solanaAddressOf(await combine([enrollment.solanaShare!, (await store.solanaAuthShare('u1'))!]))).toBe(solanaAddress)

    await expect(store.evmAccount('u1')).rejects.toBeInstanceOf(SignInFrameRequiredError)
    await expect(store.signEd25519('u1', new Uint8Array([1, 2, 3]))).rejects.toBeInstanceOf(SignInFrameRequiredError)
  })

  it('whole keys made before the split keep signing, EVM and Solana', async () => {
    const { storage, secret, store } = await newStore()
    const { evmAddress } = await new SqliteKeyStore(storage, secret).createKeys('old')
    expect((await store.evmAccount('old')).address).toBe(evmAddress)
    expect(await store.signEd25519('old', new Uint8Array([1, 2, 3]))).toHaveLength(64)
    expect(await store.authShare('old')).toBeUndefined()
    expect(await store.solanaAuthShare('old')).toBeUndefined()
  })

  it('keeps its keys after a master secret rotation: both auth shares are re-sealed under the new secret', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'latch-split-rotation-'))
    try {
      const [secretA, secretB] = [randomBytes(32), randomBytes(32)]
      const before = await openSecureSiteStorage(dataDir)
      const created = new SplitKeyStore(before.storage, secretA)
      const { evmAddress, solanaAddress } = await created.createKeys('u1')
      const { deviceShare, solanaShare } = (await created.takeEnrollment('u1'))!
      await before.close()

      // On Postgres the keys are in the database the URL names, not in the data folder.
      expect(await resealKeys({ dataDir, databaseUrl: before.url, oldSecret: secretA, newSecret: secretB })).toEqual({ keys: 0, shares: 2 })
      const file = openDatabase(dataDir)
      const after = await openStorage({ url: before.url, sqlite: file, migrations: BACKEND_MIGRATIONS })
      try {
        const rotated = new SplitKeyStore(after, secretB)
        expect(evmAddressOf(await combine([deviceShare, (await rotated.authShare('u1'))!]))).toBe(evmAddress)
        expect(solanaAddressOf(await combine([solanaShare!, (await rotated.solanaAuthShare('u1'))!]))).toBe(solanaAddress)
        await expect(new SplitKeyStore(after, secretA).authShare('u1')).rejects.toBeInstanceOf(KeyUnsealFailedError)
      } finally {
        await after.close()
        file.close()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

// Issue 31: the login that makes the keys and the frame's enroll call may reach two instances.
describe.each(['memory', 'redis'] as const)('SplitKeyStore enrollments in %s', (kind) => {
  it('31: keys made on one instance are enrolled by a frame on another, once', async () => {
    const { storage, secret } = await newStore()
    const shared = await sharedLoginState(kind, (close) => opened.push({ close }))
    const [a, b] = [new SplitKeyStore(storage, secret, undefined, shared.open('key-enrollments', secret)), new SplitKeyStore(storage, secret, undefined, shared.open('key-enrollments', secret))]
    const { evmAddress } = await a.createKeys('u9')
    const taken = await Promise.all([b.takeEnrollment('u9'), a.takeEnrollment('u9'), b.takeEnrollment('u9')])
    expect(taken.filter(Boolean)).toEqual([expect.objectContaining({ evmAddress, deviceShare: expect.any(Uint8Array) })])
    expect(evmAddressOf(await combine([taken.find(Boolean)!.deviceShare, (await b.authShare('u9'))!]))).toBe(evmAddress)
  })
})
