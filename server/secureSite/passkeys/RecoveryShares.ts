import { randomBytes } from 'node:crypto'
import { verifyMessage, type Hex } from 'viem'
import type { LatchDatabase } from '../../storage/openDatabase.js'
import { sealKey } from '../SqliteKeyStore.js'
import { NoKeyShareError } from '../../errors/masterSecret.js'
import { NoPasskeyError, ReshareRefusedError } from '../../errors/passkeys.js'
import { reshareMessage } from './reshareMessage.js'

/** How long a verified passkey assertion lets the frame re-split. */
const TICKET_TTL_MS = 5 * 60_000

/** Who seals a user's recovery share: the placeholder recovery secret, or the user's passkey (its largeBlob secret). */
export type RecoveryHolder = 'recovery' | 'passkey'

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
  readonly #db: LatchDatabase
  readonly #secret: Buffer
  /** Tickets from verified passkey assertions, in this process only, one use each. */
  readonly #tickets = new Map<string, { userId: string; until: number }>()

  constructor(db: LatchDatabase, secret: Buffer) {
    this.#db = db
    this.#secret = secret
  }

  /** The sealed recovery share as stored; `NO_KEY_SHARE` for a whole key. */
  sealed(userId: string): SealedRecoveryShare {
    const row = this.#db
      .prepare<[string], { holder: RecoveryHolder; public_key: string; sealed: Buffer }>(
        "SELECT holder, public_key, sealed FROM secure_site_key_shares WHERE user_id = ? AND kind = 'secp256k1' AND holder IN ('recovery', 'passkey')",
      )
      .get(userId)
    if (!row) throw new NoKeyShareError()
    return { holder: row.holder, evmAddress: row.public_key, sealed: row.sealed }
  }

  /** The Solana seed's recovery share while the recovery secret seals it (a passkey seals only the secp256k1 share so far). */
  sealedSolana(userId: string): { solanaAddress: string; sealed: Buffer } | undefined {
    const row = this.#db
      .prepare<[string], { public_key: string; sealed: Buffer }>("SELECT public_key, sealed FROM secure_site_key_shares WHERE user_id = ? AND kind = 'ed25519' AND holder = 'recovery'")
      .get(userId)
    return row && { solanaAddress: row.public_key, sealed: row.sealed }
  }

  /** The statement that puts a passkey-sealed recovery share in the place of the secret-sealed one: run it in the caller's transaction. */
  sealUnderPasskey(userId: string, sealed: Buffer) {
    const current = this.sealed(userId)
    this.#db.prepare("DELETE FROM secure_site_key_shares WHERE user_id = ? AND kind = 'secp256k1' AND holder IN ('recovery', 'passkey')").run(userId)
    this.#db
      .prepare("INSERT INTO secure_site_key_shares (user_id, kind, holder, public_key, sealed) VALUES (?, 'secp256k1', 'passkey', ?, ?)")
      .run(userId, current.evmAddress, sealed)
  }

  /** A one-use ticket for `reshare`, given after the user's passkey assertion was verified. */
  issueTicket(userId: string): string {
    const now = Date.now()
    for (const [ticket, pending] of this.#tickets) if (pending.until <= now) this.#tickets.delete(ticket)
    const ticket = randomBytes(24).toString('base64url')
    this.#tickets.set(ticket, { userId, until: now + TICKET_TTL_MS })
    return ticket
  }

  /**
   * Replaces the auth and recovery shares with a new split's, in one transaction, so the old
   * device share (a lost device's) no longer combines with anything the server holds. Taken only
   * with a ticket from a passkey assertion and a signature by the key itself over it: a session
   * alone cannot swap a wallet's shares for junk.
   */
  async reshare(userId: string, { ticket, signature, authShare, sealedRecoveryShare }: { ticket: string; signature: Hex; authShare: Uint8Array; sealedRecoveryShare: Buffer }) {
    const pending = this.#tickets.get(ticket)
    this.#tickets.delete(ticket)
    if (!pending || pending.userId !== userId || pending.until <= Date.now()) throw new ReshareRefusedError({ reason: 'no recovery ticket' })
    const current = this.sealed(userId)
    if (current.holder !== 'passkey') throw new NoPasskeyError()
    const signed = await verifyMessage({ address: current.evmAddress as Hex, message: reshareMessage(ticket), signature }).catch(() => false)
    if (!signed) throw new ReshareRefusedError({ reason: "the signature is not the wallet's" })
    const sealedAuth = sealKey(Buffer.from(authShare), { userId, kind: 'secp256k1:auth', secret: this.#secret })
    const update = this.#db.prepare("UPDATE secure_site_key_shares SET sealed = ? WHERE user_id = ? AND kind = 'secp256k1' AND holder = ?")
    this.#db.transaction(() => {
      update.run(sealedAuth, userId, 'auth')
      update.run(sealedRecoveryShare, userId, 'passkey')
    })()
  }
}
