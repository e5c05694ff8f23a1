import type { Kysely } from 'kysely'
import { columnTypes, type Dialect } from '../../plugins/database/migrations/columnTypes.js'
import { addColumnIfMissing } from '../../plugins/database/migrations/addColumnIfMissing.js'

/**
 * An on-ramp order being paid carries its payer's lease (issue 28), so an order left `paying` by a
 * dead instance is payable again once the lease runs out. Added by `0002_leases` on databases
 * that ran it, hence only when missing.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const type = columnTypes(dialect)
  await addColumnIfMissing(db, 'onramp_orders', 'paying_until', type.int64)
  await addColumnIfMissing(db, 'onramp_orders', 'paying_lease', 'text')
}
