import { describe, expect, it } from 'vitest'
import { randomBytes } from 'node:crypto'
import { combine } from 'shamir-secret-sharing'
import { ed25519 } from '@noble/curves/ed25519'
import { bytesToHex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { openDatabase } from '../../plugins/database/openDatabase.js'
import { createSecureSiteTables } from '../createSecureSiteTables.js'
import { SplitKeyStore } from '../SplitKeyStore.js'
import { unsealKey } from '../SqliteKeyStore.js'
import { RecoveryShares } from './RecoveryShares.js'
import { reshareMessage } from './reshareMessage.js'
import { NoPasskeyError, ReshareRefusedError } from '../../errors/passkeys.js'

interface Row {
  holder: string
  sealed: Buffer
}

/** A new split key on a fresh database, and the wallet's account (made here from two shares, as the frame makes it). */
async function splitUser() {
  const db = openDatabase(':memory:')
  createSecureSiteTables(db)
  const secret = randomBytes(32)
  const store = new SplitKeyStore(db, secret)
  await store.createKeys('u1')
  const enrollment = store.takeEnrollment('u1')!
  const key = await combine([enrollment.deviceShare, (await store.authShare('u1'))!])
  const seed = await combine([enrollment.solanaShare!, (await store.solanaAuthShare('u1'))!])
  const rows = (kind = 'secp256k1') => db.prepare<[string], Row>("SELECT holder, sealed FROM secure_site_key_shares WHERE user_id = 'u1' AND kind = ? ORDER BY holder").all(kind)
  return { db, secret, wallet: privateKeyToAccount(bytesToHex(key)), seed, recovery: new RecoveryShares(db, secret), rows }
}

const newShares = () => ({ authShare: new Uint8Array(randomBytes(33)), sealedRecoveryShare: randomBytes(61) })

// The re-split replaces a wallet's shares: only after a passkey assertion (its one-use ticket) and
// with a signature by the wallet's own key; anything less leaves every row as it was.
describe('RecoveryShares.reshare', () => {
  it('refuses a wallet whose recovery share no passkey seals', async () => {
    const { recovery, wallet } = await splitUser()
    const ticket = recovery.issueTicket('u1')
    await expect(recovery.reshare('u1', { ticket, signature: await wallet.signMessage({ message: reshareMessage(ticket) }), ...newShares() })).rejects.toThrow(NoPasskeyError)
  })

  it('refuses another key’s signature and a used ticket, then re-splits with a fresh ticket and the wallet’s signature', async () => {
    const { db, secret, recovery, wallet, rows } = await splitUser()
    db.transaction(() => recovery.sealUnderPasskey('u1', randomBytes(61)))()
    expect(rows().map((row) => row.holder)).toEqual(['auth', 'passkey'])
    const before = rows()
    const fresh = newShares()

    const ticket = recovery.issueTicket('u1')
    const stranger = privateKeyToAccount(generatePrivateKey())
    await expect(recovery.reshare('u1', { ticket, signature: await stranger.signMessage({ message: reshareMessage(ticket) }), ...fresh })).rejects.toThrow(ReshareRefusedError)
    // The ticket served once, even for a refused try.
    await expect(recovery.reshare('u1', { ticket, signature: await wallet.signMessage({ message: reshareMessage(ticket) }), ...fresh })).rejects.toThrow('no recovery ticket')
    expect(rows()).toEqual(before)

    const next = recovery.issueTicket('u1')
    await recovery.reshare('u1', { ticket: next, signature: await wallet.signMessage({ message: reshareMessage(next) }), ...fresh })
    const [auth, passkey] = rows()
    expect(new Uint8Array(unsealKey(auth!.sealed, { userId: 'u1', kind: 'secp256k1:auth', secret }))).toEqual(fresh.authShare)
    expect(passkey!.sealed).toEqual(fresh.sealedRecoveryShare)
  })

  it('re-splits the Solana seed only with the seed’s own signature over the ticket', async () => {
    const { db, secret, recovery, wallet, seed, rows } = await splitUser()
    db.transaction(() => recovery.sealUnderPasskey('u1', randomBytes(61), randomBytes(61)))()
    expect(rows('ed25519').map((row) => row.holder)).toEqual(['auth', 'passkey'])
    const before = rows('ed25519')
    const solana = (signature: Uint8Array) => ({ signature, ...newShares() })

    const ticket = recovery.issueTicket('u1')
    const forged = ed25519.sign(new TextEncoder().encode(reshareMessage(ticket)), ed25519.utils.randomSecretKey())
    await expect(recovery.reshare('u1', { ticket, signature: await wallet.signMessage({ message: reshareMessage(ticket) }), ...newShares(), solana: solana(forged) })).rejects.toThrow(
      "the Solana signature is not the wallet's",
    )
    expect(rows('ed25519')).toEqual(before)

    const next = recovery.issueTicket('u1')
    const fresh = solana(ed25519.sign(new TextEncoder().encode(reshareMessage(next)), seed))
    await recovery.reshare('u1', { ticket: next, signature: await wallet.signMessage({ message: reshareMessage(next) }), ...newShares(), solana: fresh })
    const [auth, passkey] = rows('ed25519')
    expect(new Uint8Array(unsealKey(auth!.sealed, { userId: 'u1', kind: 'ed25519:auth', secret }))).toEqual(fresh.authShare)
    expect(passkey!.sealed).toEqual(fresh.sealedRecoveryShare)
  })
})
