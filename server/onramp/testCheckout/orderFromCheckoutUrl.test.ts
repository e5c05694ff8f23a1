import { describe, expect, it } from 'vitest'
import { signedCheckoutProvider } from '../providers/signedCheckoutProvider.js'
import type { OnrampOrder } from '../payOnrampOrder.js'
import { orderFromCheckoutUrl } from './orderFromCheckoutUrl.js'

const provider = signedCheckoutProvider({ id: 'latch-test-checkout', checkoutUrl: 'http://127.0.0.1:4100/', apiKey: 'pk_test', secretKey: 'sk', webhookSecret: 'wh' })
const order: OnrampOrder = {
  id: '6f1c2a9e-4b7d-4e8a-9c3f-2d5e6f7a8b9c',
  destination: '0x4aD0f97258E82b01A4f54f27A31933dbbE146bc7',
  network: 'eip155:1',
  asset: 'USDC',
  amount: '24.125',
  fiat_amount: '25.00',
  status: 'pending',
  tx_hash: null,
  created_at: 1,
  paying_until: null,
  paying_lease: null,
}

describe('orderFromCheckoutUrl', () => {
  it("reads back the order the adapter's signed URL carries: what a provider with no access to the backend's database pays", () => {
    expect(orderFromCheckoutUrl(new URL(provider.checkoutUrl(order)))).toEqual({ ...order, created_at: 0 })
  })

  it('keeps the total in USD when the visitor pays in another currency', () => {
    const read = orderFromCheckoutUrl(new URL(provider.checkoutUrl(order, 'EUR')))
    expect(Number(read.fiat_amount)).toBeCloseTo(25, 1)
  })
})
