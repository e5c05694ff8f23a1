import { randomBytes } from 'node:crypto'
import { verifyMessage, type Hex } from 'viem'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import type { LatchDatabase } from '../../plugins/database/openDatabase.js'
import { sealKey } from '../SqliteKeyStore.js'
import { NoKeyShareError } from '../../errors/masterSecret.js'
import { NoPasskeyError, ReshareRefusedError } from '../../errors/passkeys.js'
import { reshareMessage } from './reshareMessage.js'

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

  /** The Solana seed's sealed recovery share, by whichever holder seals it; none for a seed kept whole. */
  sealedSolana(userId: string): { holder: RecoveryHolder; solanaAddress: string; sealed: Buffer } | undefined {
    const row = this.#db
      .prepare<[string], { holder: RecoveryHolder; public_key: string; sealed: Buffer }>(
        "SELECT holder, public_key, sealed FROM secure_site_key_shares WHERE user_id = ? AND kind = 'ed25519' AND holder IN ('recovery', 'passkey')",
      )
      .get(userId)
    return row && { holder: row.holder, solanaAddress: row.public_key, sealed: row.sealed }
  }

  /**
   * The statements that put passkey-sealed recovery shares in the place of the secret-sealed ones
   * (the Solana seed's too, when given): run them in the caller's transaction.
   */
  sealUnderPasskey(userId: string, sealed: Buffer, solanaSealed?: Buffer) {
    const swap = (kind: 'secp256k1' | 'ed25519', publicKey: string, bytes: Buffer) => {
      this.#db.prepare("DELETE FROM secure_site_key_shares WHERE user_id = ? AND kind = ? AND holder IN ('recovery', 'passkey')").run(userId, kind)
      this.#db.prepare("INSERT INTO secure_site_key_shares (user_id, kind, holder, public_key, sealed) VALUES (?, ?, 'passkey', ?, ?)").run(userId, kind, publicKey, bytes)
    }
    swap('secp256k1', this.sealed(userId).evmAddress, sealed)
    const solana = this.sealedSolana(userId)
    if (solana && solanaSealed) swap('ed25519', solana.solanaAddress, solanaSealed)
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
  async reshare(userId: string, { ticket, signature, authShare, sealedRecoveryShare, solana }: Reshare) {
    const pending = this.#tickets.get(ticket)
    this.#tickets.delete(ticket)
    if (!pending || pending.userId !== userId || pending.until <= Date.now()) throw new ReshareRefusedError({ reason: 'no recovery ticket' })
    const current = this.sealed(userId)
    if (current.holder !== 'passkey') throw new NoPasskeyError()
    const signed = await verifyMessage({ address: current.evmAddress as Hex, message: reshareMessage(ticket), signature }).catch(() => false)
    if (!signed) throw new ReshareRefusedError({ reason: "the signature is not the wallet's" })
    // The Solana seed's new shares only with a signature by that seed over the same ticket.
    const seed = this.sealedSolana(userId)
    if (solana && (seed?.holder !== 'passkey' || !verifiesEd25519(solana.signature, reshareMessage(ticket), seed.solanaAddress)))
      throw new ReshareRefusedError({ reason: "the Solana signature is not the wallet's" })
    const update = this.#db.prepare('UPDATE secure_site_key_shares SET sealed = ? WHERE user_id = ? AND kind = ? AND holder = ?')
    const sealAuth = (share: Uint8Array, kind: 'secp256k1' | 'ed25519') => sealKey(Buffer.from(share), { userId, kind: `${kind}:auth`, secret: this.#secret })
    this.#db.transaction(() => {
      update.run(sealAuth(authShare, 'secp256k1'), userId, 'secp256k1', 'auth')
      update.run(sealedRecoveryShare, userId, 'secp256k1', 'passkey')
      if (solana) {
        update.run(sealAuth(solana.authShare, 'ed25519'), userId, 'ed25519', 'auth')
        update.run(solana.sealedRecoveryShare, userId, 'ed25519', 'passkey')
      }
    })()
  }
}
