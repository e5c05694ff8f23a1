import type { FeatureMigrations } from '../../plugins/database/index.js'
import * as orders from './0001_onramp_orders.js'
import * as payerLease from './0002_onramp_payer_lease.js'

/** The on-ramp's tables (`OnrampOrders.ts`). */
export const onrampMigrations: FeatureMigrations = {
  '0001_onramp_orders': orders,
  '0002_onramp_payer_lease': payerLease,
}
