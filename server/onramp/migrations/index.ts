import type { FeatureMigrations } from '../../plugins/database/index.js'
import * as orders from './0001_onramp_orders.js'
import * as payerLease from './0002_onramp_payer_lease.js'
import * as webhookEvents from './0015_onramp_webhook_events.js'

/** The on-ramp's tables (`OnrampOrders.ts`) and the webhook events it has received. */
export const onrampMigrations: FeatureMigrations = {
  '0001_onramp_orders': orders,
  '0002_onramp_payer_lease': payerLease,
  '0015_onramp_webhook_events': webhookEvents,
}
