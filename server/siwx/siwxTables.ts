import { randomBytes } from 'node:crypto'
import type { Storage } from '../plugins/database/openStorage.js'
import type { SiwxSessionsTable } from '../plugins/database/DatabaseSchema.js'

/** One stored sign-in session: what was signed, by whom, and until when (ms). */
export type SiwxSessionRow = SiwxSessionsTable

/**
 * The key sign-in session tokens are signed with: made once by whichever instance gets there
 * first (`ON CONFLICT DO NOTHING`), then read back on every start, so every instance and every
 * restart signs with the same key. The tables themselves are migrations (server/plugins/database).
 *
 * @param storage - the storage layer
 * @returns the 32-byte HS256 key of the session tokens
 */
export async function loadSiwxKey(storage: Storage): Promise<Uint8Array> {
  await storage.db
    .insertInto('siwx_keys')
    .values({ id: 1, secret: randomBytes(32) })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute()
  const row = await storage.db.selectFrom('siwx_keys').select('secret').where('id', '=', 1).executeTakeFirstOrThrow()
  return new Uint8Array(row.secret)
}
