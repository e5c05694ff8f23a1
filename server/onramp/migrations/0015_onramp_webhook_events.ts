import type { Kysely } from 'kysely'
import { columnTypes, type Dialect } from '../../plugins/database/migrations/columnTypes.js'

/**
 * On-ramp webhooks received (issue 29): each provider event id once, so a signed webhook
 * replayed inside its window is refused on every instance (the key is the guard).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const type = columnTypes(dialect)
  await db.schema
    .createTable('onramp_webhook_events')
    .ifNotExists()
    .addColumn('provider', 'text', (column) => column.notNull())
    .addColumn('event_id', 'text', (column) => column.notNull())
    .addColumn('order_id', 'text', (column) => column.notNull())
    .addColumn('received_at', type.int64, (column) => column.notNull())
    .addPrimaryKeyConstraint('onramp_webhook_events_pk', ['provider', 'event_id'])
    .execute()
}
