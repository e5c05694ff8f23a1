import type { Kysely } from 'kysely'
import { addColumnIfMissing } from '../../plugins/database/migrations/addColumnIfMissing.js'

/**
 * The hash of the last indexed block: a chain that no longer has it was restarted (dev chains are
 * new each boot), and its index starts over. Added by `0002_leases` on databases that ran it,
 * hence only when missing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumnIfMissing(db, 'indexed_blocks', 'last_hash', 'text')
}
