import { describe, expect, it } from 'vitest'
import { randomBytes } from 'node:crypto'
import { combine } from 'shamir-secret-sharing'
import { bytesToHex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { openDatabase } from '../../storage/openDatabase.js'
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
  const key = await combine([store.takeEnrollment('u1')!.deviceShare, (await store.authShare('u1'))!])
  const rows = () => db.prepare<[], Row>("SELECT holder, sealed FROM secure_site_key_shares WHERE user_id = 'u1' AND kind = 'secp256k1' ORDER BY holder").all()
  return { db, secret, wallet: privateKeyToAccount(bytesToHex(key)), recovery: new RecoveryShares(db, secret), rows }
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
})
