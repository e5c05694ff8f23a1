import { randomUUID } from 'node:crypto'
import type { Storage } from '../plugins/database/openStorage.js'
import type { OnrampOrder } from './payOnrampOrder.js'

/**
 * How long a claim to pay an order holds it. Far longer than a payment may take (its receipt wait
 * gives up after `PAYMENT_TIMEOUT_MS`), so an order is payable again only when its payer is gone.
 */
export const PAYING_LEASE_MS = 5 * 60_000

/** A claim on an order: the order, and the lease only this claim may settle it with. */
export interface OrderClaim {
  order: OnrampOrder
  lease: string
}

/**
 * The on-ramp orders' state changes, each one conditional statement, so any number of requests on
 * any number of instances pay an order once. Replaces the boot-time "every `paying` back to
 * `pending`", which on a shared database made an order being paid by a live instance payable again.
 */
export class OnrampOrders {
  constructor(
    private readonly storage: Storage,
    private readonly now: () => number = Date.now,
  ) {}

  byId(id: string): Promise<OnrampOrder | undefined> {
    return this.storage.db.selectFrom('onramp_orders').selectAll().where('id', '=', id).executeTakeFirst()
  }

  /**
   * Takes the order for paying: it must be `pending`, or `paying` under a lease that has run out
   * (its payer died; NULL is a claim from before leases, left by a crash), and not yet delivered
   * (a `tx_hash` waits for the provider's webhook: paying again would pay twice).
   *
   * @returns the claim, or undefined when the order is paid or another payer holds it
   */
  async claim(id: string): Promise<OrderClaim | undefined> {
    const now = this.now()
    const lease = randomUUID()
    const order = await this.storage.db
      .updateTable('onramp_orders')
      .set({ status: 'paying', paying_until: now + PAYING_LEASE_MS, paying_lease: lease })
      .where('id', '=', id)
      .where('tx_hash', 'is', null)
      .where((where) =>
        where.or([
          where('status', '=', 'pending'),
          where.and([where('status', '=', 'paying'), where.or([where('paying_until', 'is', null), where('paying_until', '<=', now)])]),
        ]),
      )
      .returningAll()
      .executeTakeFirst()
    return order && { order, lease }
  }

  /**
   * Records the test checkout's delivery: the order stays `paying`, never claimable again, until
   * the provider's webhook confirms it. A claim whose lease was taken over records nothing.
   */
  async recordDelivery(claim: OrderClaim, txHash: string): Promise<OnrampOrder | undefined> {
    return this.storage.db
      .updateTable('onramp_orders')
      .set({ tx_hash: txHash, paying_until: null, paying_lease: null })
      .where('id', '=', claim.order.id)
      .where('paying_lease', '=', claim.lease)
      .returningAll()
      .executeTakeFirst()
  }

  /** A payment that failed: the order is payable again at once. */
  async release(claim: OrderClaim): Promise<void> {
    await this.storage.db
      .updateTable('onramp_orders')
      .set({ status: 'pending', paying_until: null, paying_lease: null })
      .where('id', '=', claim.order.id)
      .where('paying_lease', '=', claim.lease)
      .execute()
  }
}
