import Database from 'better-sqlite3'
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { bytesToHex, type Address } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { unsealKey } from '../../server/secureSite/SqliteKeyStore.js'

// What a test of split keys (server/secureSite/KEY_SHARES.md) reads as an attacker holding the
// data folder would, and what the wallet frame keeps on the secure origin.

export interface ShareRow {
  holder: string
  public_key: string
  sealed: Buffer
}

/** The user's rows, read from the database file as anyone holding the data folder can. */
export function databaseRows(dataDir: string, evmAddress: Address) {
  const db = new Database(join(dataDir, 'latch.sqlite'), { readonly: true })
  try {
    const userId = db.prepare<[string], { id: string }>('SELECT id FROM secure_site_users WHERE evm_address = ?').get(evmAddress)!.id
    const wholeKeys = db.prepare<[string], { kind: string }>('SELECT kind FROM secure_site_keys WHERE user_id = ? ORDER BY kind').all(userId)
    const shares = db.prepare<[string], ShareRow>("SELECT holder, public_key, sealed FROM secure_site_key_shares WHERE user_id = ? AND kind = 'secp256k1' ORDER BY holder").all(userId)
    const passkeys = db.prepare<[string], { credential_id: string }>('SELECT credential_id FROM secure_site_passkeys WHERE user_id = ?').all(userId)
    // The recovery secret, sealed under the recovery vault key (none once a passkey seals the wallet).
    const vault = db.prepare<[string], { sealed: Buffer }>('SELECT sealed FROM secure_site_recovery_vault WHERE user_id = ?').get(userId)?.sealed
    return { userId, wholeKeys: wholeKeys.map((row) => row.kind), shares: Object.fromEntries(shares.map((row) => [row.holder, row])) as Record<string, ShareRow | undefined>, passkeys, vault }
  } finally {
    db.close()
  }
}

/** A share opened from its sealed row, as the plain Uint8Array `combine` takes (not a Buffer). */
export const openShare = (...args: Parameters<typeof unsealKey>) => new Uint8Array(unsealKey(...args))

/** The address a 32-byte secret stands for, or undefined when the bytes are no key. */
export const addressOf = (key: Uint8Array): Address | undefined => (key.length === 32 ? privateKeyToAccount(bytesToHex(key)).address : undefined)

/** Every file of the data folder, read whole (the database and its WAL, the admin token, deployment.json). */
export const folderBytes = (dataDir: string) =>
  Buffer.concat(readdirSync(dataDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => readFileSync(join(entry.parentPath, entry.name))))

/** The key in every form a scan looks for: raw bytes, and hex in both cases. */
export const keyForms = (key: Uint8Array) => [Buffer.from(key), Buffer.from(bytesToHex(key).slice(2)), Buffer.from(bytesToHex(key).slice(2).toUpperCase())]

// The frame's own store is read by frameShareStore.ts; re-exported for the tests that read both.
export { frameShares, walletFrame } from './frameShareStore.js'
