import type { Frame, Page } from 'playwright-core'
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
    return { userId, wholeKeys: wholeKeys.map((row) => row.kind), shares: Object.fromEntries(shares.map((row) => [row.holder, row])) as Record<string, ShareRow | undefined>, passkeys }
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

/** The wallet frame as Playwright drives it (cross-origin: evaluate runs in the secure site's page). */
export const walletFrame = async (page: Page): Promise<Frame> => (await (await page.$('iframe'))!.contentFrame())!

/** What the frame keeps in IndexedDB on the secure origin for an address (openShareStore). */
export async function frameShares(page: Page, address: Address): Promise<{ deviceShare: Uint8Array; recoverySecret?: Uint8Array } | undefined> {
  const stored = await (await walletFrame(page)).evaluate(
    (key) =>
      new Promise<{ deviceShare: number[]; recoverySecret?: number[] } | undefined>((resolve, reject) => {
        const opening = indexedDB.open('latch-secure-site-shares', 1)
        opening.onerror = () => reject(opening.error)
        // As the frame opens it (openShareStore): a device that never kept a share has no store yet.
        opening.onupgradeneeded = () => opening.result.createObjectStore('shares')
        opening.onsuccess = () => {
          const read = opening.result.transaction('shares', 'readonly').objectStore('shares').get(key)
          read.onerror = () => reject(read.error)
          read.onsuccess = () =>
            resolve(read.result && { deviceShare: [...read.result.deviceShare], recoverySecret: read.result.recoverySecret && [...read.result.recoverySecret] })
        }
      }),
    address.toLowerCase(),
  )
  return stored && { deviceShare: Uint8Array.from(stored.deviceShare), recoverySecret: stored.recoverySecret && Uint8Array.from(stored.recoverySecret) }
}
