import { afterAll, describe, expect, it } from 'vitest'
import { randomBytes } from 'node:crypto'
import { combine } from 'shamir-secret-sharing'
import { ed25519 } from '@noble/curves/ed25519'
import { bytesToHex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { openSecureSiteStorage } from '../../../test/support/openSecureSiteStorage.js'
import { SplitKeyStore } from '../SplitKeyStore.js'
import { unsealKey } from '../SqliteKeyStore.js'
import { RecoveryShares } from './RecoveryShares.js'
import { reshareMessage } from './reshareMessage.js'
import { NoPasskeyError, ReshareRefusedError } from './errors.js'
import { sharedLoginState } from '../../../test/support/redis/sharedLoginState.js'

interface Row {
  holder: string
  sealed: Buffer
}

/** A new split key on a fresh database, and the wallet's account (made here from two shares, as the frame makes it). */
const opened: Array<() => Promise<void>> = []
afterAll(async () => {
  for (const close of opened) await close()
})

async function splitUser() {
  const { storage, close } = await openSecureSiteStorage()
  opened.push(close)
  const secret = randomBytes(32)
  const store = new SplitKeyStore(storage, secret)
  await store.createKeys('u1')
  const enrollment = (await store.takeEnrollment('u1'))!
  const key = await combine([enrollment.deviceShare, (await store.authShare('u1'))!])
  const seed = await combine([enrollment.solanaShare!, (await store.solanaAuthShare('u1'))!])
  const rows = (kind: 'secp256k1' | 'ed25519' = 'secp256k1'): Promise<Row[]> =>
    storage.db.selectFrom('secure_site_key_shares').select(['holder', 'sealed']).where('user_id', '=', 'u1').where('kind', '=', kind).orderBy('holder').execute()
  return { secret, storage, wallet: privateKeyToAccount(bytesToHex(key)), seed, recovery: new RecoveryShares(storage, secret), rows }
}

const newShares = () => ({ authShare: new Uint8Array(randomBytes(33)), sealedRecoveryShare: randomBytes(61) })

// The re-split replaces a wallet's shares: only after a passkey assertion (its one-use ticket) and
// with a signature by the wallet's own key; anything less leaves every row as it was.
describe('RecoveryShares.reshare', () => {
  it('refuses a wallet whose recovery share no passkey seals', async () => {
    const { recovery, wallet } = await splitUser()
    const ticket = await recovery.issueTicket('u1')
    await expect(recovery.reshare('u1', { ticket, signature: await wallet.signMessage({ message: reshareMessage(ticket) }), ...newShares() })).rejects.toThrow(NoPasskeyError)
  })

  it('refuses another key’s signature and a used ticket, then re-splits with a fresh ticket and the wallet’s signature', async () => {
    const { secret, recovery, wallet, rows } = await splitUser()
    await recovery.sealUnderPasskey('u1', randomBytes(61), undefined, [])
    expect((await rows()).map((row) => row.holder)).toEqual(['auth', 'passkey'])
    const before = await rows()
    const fresh = newShares()

    const ticket = await recovery.issueTicket('u1')
    const stranger = privateKeyToAccount(generatePrivateKey())
    await expect(recovery.reshare('u1', { ticket, signature: await stranger.signMessage({ message: reshareMessage(ticket) }), ...fresh })).rejects.toThrow(ReshareRefusedError)
    // The ticket served once, even for a refused try.
    await expect(recovery.reshare('u1', { ticket, signature: await wallet.signMessage({ message: reshareMessage(ticket) }), ...fresh })).rejects.toThrow('no recovery ticket')
    expect(await rows()).toEqual(before)

    const next = await recovery.issueTicket('u1')
    await recovery.reshare('u1', { ticket: next, signature: await wallet.signMessage({ message: reshareMessage(next) }), ...fresh })
    const [auth, passkey] = await rows()
    expect(new Uint8Array(unsealKey(auth!.sealed, { userId: 'u1', kind: 'secp256k1:auth', secret }))).toEqual(fresh.authShare)
    expect(passkey!.sealed).toEqual(fresh.sealedRecoveryShare)
  })

  it('re-splits the Solana seed only with the seed’s own signature over the ticket', async () => {
    const { secret, recovery, wallet, seed, rows } = await splitUser()
    await recovery.sealUnderPasskey('u1', randomBytes(61), randomBytes(61), [])
    expect((await rows('ed25519')).map((row) => row.holder)).toEqual(['auth', 'passkey'])
    const before = await rows('ed25519')
    const solana = (signature: Uint8Array) => ({ signature, ...newShares() })

    const ticket = await recovery.issueTicket('u1')
    const forged = ed25519.sign(new TextEncoder().encode(reshareMessage(ticket)), ed25519.utils.randomSecretKey())
    await expect(recovery.reshare('u1', { ticket, signature: await wallet.signMessage({ message: reshareMessage(ticket) }), ...newShares(), solana: solana(forged) })).rejects.toThrow(
      "the Solana signature is not the wallet's",
    )
    expect(await rows('ed25519')).toEqual(before)

    const next = await recovery.issueTicket('u1')
    const fresh = solana(ed25519.sign(new TextEncoder().encode(reshareMessage(next)), seed))
    await recovery.reshare('u1', { ticket: next, signature: await wallet.signMessage({ message: reshareMessage(next) }), ...newShares(), solana: fresh })
    const [auth, passkey] = await rows('ed25519')
    expect(new Uint8Array(unsealKey(auth!.sealed, { userId: 'u1', kind: 'ed25519:auth', secret }))).toEqual(fresh.authShare)
    expect(passkey!.sealed).toEqual(fresh.sealedRecoveryShare)
  })
})

// Issue 31: the passkey assertion that issues the ticket and the re-split that spends it may reach two instances.
describe.each(['memory', 'redis'] as const)('RecoveryShares tickets in %s', (kind) => {
  it('31: a ticket issued on one instance is spent on another, once across both', async () => {
    const { secret, wallet, storage } = await splitUser()
    const shared = await sharedLoginState(kind, (close) => opened.push(close))
    const [a, b] = [new RecoveryShares(storage, secret, shared.open('recovery-tickets', secret)), new RecoveryShares(storage, secret, shared.open('recovery-tickets', secret))]
    await a.sealUnderPasskey('u1', randomBytes(61), undefined, [])
    const ticket = await a.issueTicket('u1')
    const signature = await wallet.signMessage({ message: reshareMessage(ticket) })
    const tries = await Promise.allSettled([b.reshare('u1', { ticket, signature, ...newShares() }), a.reshare('u1', { ticket, signature, ...newShares() })])
    expect(tries.map((each) => each.status).sort()).toEqual(['fulfilled', 'rejected'])
    expect((tries.find((each) => each.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(ReshareRefusedError)
  })
})
