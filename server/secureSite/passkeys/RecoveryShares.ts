import { randomBytes } from 'node:crypto'
import { verifyMessage, type Hex } from 'viem'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { atomically, someRow, type AtomicStep, type Storage } from '../../plugins/database/index.js'
import { sealKey } from '../SqliteKeyStore.js'
import { NoKeyShareError } from '../masterSecretErrors.js'
import { NoPasskeyError, PasskeyRefusedError, ReshareRefusedError } from './errors.js'
import { reshareMessage } from './reshareMessage.js'
import { memoryExpiringStore, type ExpiringStore } from '../../plugins/redis/ExpiringStore.js'

/** How long a verified passkey assertion lets the frame re-split. */
const TICKET_TTL_MS = 5 * 60_000

/** Who seals a user's recovery share: the placeholder recovery secret, or the user's passkey (its largeBlob secret). */
export type RecoveryHolder = 'recovery' | 'passkey'

/** A re-split's new shares, and the signature over its ticket by the key they make (the Solana seed's with its own). */
export interface Reshare {
  ticket: string
  signature: Hex
  authShare: Uint8Array
  sealedRecoveryShare: Buffer
  solana?: { signature: Uint8Array; authShare: Uint8Array; sealedRecoveryShare: Buffer }
}

/** Whether `signature` is the ed25519 signature of `message` by the Solana address (base58 public key). */
function verifiesEd25519(signature: Uint8Array, message: string, solanaAddress: string): boolean {
  try {
    return ed25519.verify(signature, new TextEncoder().encode(message), base58.decode(solanaAddress))
  } catch {
    return false
  }
}

export interface SealedRecoveryShare {
  holder: RecoveryHolder
  evmAddress: string
  sealed: Buffer
}


/**
 * The recovery share's row of a split key (KEY_SHARES.md), which the server stores but cannot
 * open, and the re-split after a recovery. Beside `SplitKeyStore` rather than in it: this is the
 * passkey step's own persistence. A row with holder `recovery` is sealed under the frame's
 * recovery secret; once a passkey seals it, its holder is `passkey`.
 */
export class RecoveryShares {
  readonly #storage: Storage
  readonly #secret: Buffer
  /** Tickets from verified passkey assertions, one use each: in this process, or in the shared Redis (any instance redeems it, once). */
  readonly #tickets: ExpiringStore<{ userId: string }>

  /** @param tickets - where tickets wait (`openExpiringStore`); this process's memory by default */
  constructor(storage: Storage, secret: Buffer, tickets: ExpiringStore<{ userId: string }> = memoryExpiringStore()) {
    this.#storage = storage
    this.#secret = secret
    this.#tickets = tickets
  }

  /** The sealed recovery share as stored; `NO_KEY_SHARE` for a whole key. */
  async sealed(userId: string): Promise<SealedRecoveryShare> {
    const row = await this.#recoveryRow(userId, 'secp256k1')
    if (!row) throw new NoKeyShareError()
    return { holder: row.holder, evmAddress: row.public_key, sealed: row.sealed }
  }

  /** The Solana seed's sealed recovery share, by whichever holder seals it; none for a seed kept whole. */
  async sealedSolana(userId: string): Promise<{ holder: RecoveryHolder; solanaAddress: string; sealed: Buffer } | undefined> {
    const row = await this.#recoveryRow(userId, 'ed25519')
    return row && { holder: row.holder, solanaAddress: row.public_key, sealed: row.sealed }
  }

  /**
   * Puts passkey-sealed recovery shares in the place of the secret-sealed ones (the Solana seed's
   * too, when given), in one transaction with `alsoRun` (the passkey stored, the vault's copy
   * forgotten). Once: the transaction starts by deleting the secret-sealed row, and a second
   * registration racing it finds none and changes nothing.
   *
   * @throws PasskeyRefusedError when a passkey already seals the wallet
   */
  async sealUnderPasskey(userId: string, sealed: Buffer, solanaSealed: Buffer | undefined, alsoRun: AtomicStep['query'][]): Promise<void> {
    const current = await this.sealed(userId)
    const solana = await this.sealedSolana(userId)
    const db = this.#storage.db
    const swap = (kind: 'secp256k1' | 'ed25519', publicKey: string, bytes: Buffer): AtomicStep[] => [
      { query: db.deleteFrom('secure_site_key_shares').where('user_id', '=', userId).where('kind', '=', kind).where('holder', '=', 'recovery').returning('holder'), expect: someRow },
      { query: db.insertInto('secure_site_key_shares').values({ user_id: userId, kind, holder: 'passkey', public_key: publicKey, sealed: bytes }) },
    ]
    const steps = [...swap('secp256k1', current.evmAddress, sealed), ...(solana?.holder === 'recovery' && solanaSealed ? swap('ed25519', solana.solanaAddress, solanaSealed) : []), ...alsoRun.map((query) => ({ query }))]
    if (!(await atomically(this.#storage, steps))) throw new PasskeyRefusedError({ reason: 'a passkey already seals this wallet' })
  }

  /** A one-use ticket for `reshare`, given after the user's passkey assertion was verified. */
  async issueTicket(userId: string): Promise<string> {
    const ticket = randomBytes(24).toString('base64url')
    await this.#tickets.put(ticket, { userId }, TICKET_TTL_MS)
    return ticket
  }

  /**
   * Replaces the auth and recovery shares with a new split's, in one transaction, so the old
   * device share (a lost device's) no longer combines with anything the server holds. Taken only
   * with a ticket from a passkey assertion and a signature by the key itself over it: a session
   * alone cannot swap a wallet's shares for junk.
   */
  async reshare(userId: string, { ticket, signature, authShare, sealedRecoveryShare, solana }: Reshare) {
    // Taken before any check: a ticket is spent by its first use, right or wrong.
    const pending = await this.#tickets.take(ticket)
    if (!pending || pending.userId !== userId) throw new ReshareRefusedError({ reason: 'no recovery ticket' })
    const current = await this.sealed(userId)
    if (current.holder !== 'passkey') throw new NoPasskeyError()
    const signed = await verifyMessage({ address: current.evmAddress as Hex, message: reshareMessage(ticket), signature }).catch(() => false)
    if (!signed) throw new ReshareRefusedError({ reason: "the signature is not the wallet's" })
    // The Solana seed's new shares only with a signature by that seed over the same ticket.
    const seed = await this.sealedSolana(userId)
    if (solana && (seed?.holder !== 'passkey' || !verifiesEd25519(solana.signature, reshareMessage(ticket), seed.solanaAddress)))
      throw new ReshareRefusedError({ reason: "the Solana signature is not the wallet's" })
    const update = (sealed: Buffer, kind: 'secp256k1' | 'ed25519', holder: 'auth' | 'passkey') => ({
      query: this.#storage.db.updateTable('secure_site_key_shares').set({ sealed }).where('user_id', '=', userId).where('kind', '=', kind).where('holder', '=', holder),
    })
    const sealAuth = (share: Uint8Array, kind: 'secp256k1' | 'ed25519') => sealKey(Buffer.from(share), { userId, kind: `${kind}:auth`, secret: this.#secret })
    await atomically(this.#storage, [
      update(sealAuth(authShare, 'secp256k1'), 'secp256k1', 'auth'),
      update(sealedRecoveryShare, 'secp256k1', 'passkey'),
      ...(solana ? [update(sealAuth(solana.authShare, 'ed25519'), 'ed25519', 'auth'), update(solana.sealedRecoveryShare, 'ed25519', 'passkey')] : []),
    ])
  }

  #recoveryRow(userId: string, kind: 'secp256k1' | 'ed25519') {
    return this.#storage.db
      .selectFrom('secure_site_key_shares')
      .select(['holder', 'public_key', 'sealed'])
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('holder', 'in', ['recovery', 'passkey'])
      .executeTakeFirst() as Promise<{ holder: RecoveryHolder; public_key: string; sealed: Buffer } | undefined>
  }
}
