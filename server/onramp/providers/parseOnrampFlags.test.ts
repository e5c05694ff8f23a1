import { describe, expect, it } from 'vitest'
import { parseOnrampFlags } from './parseOnrampFlags.js'

const flags = { provider: 'moonpay', checkoutUrl: 'https://buy.moonpay.com', apiKey: 'pk_live_1' }
const env = { LATCH_ONRAMP_SECRET_KEY: 'sk', LATCH_ONRAMP_WEBHOOK_SECRET: 'wh' }

describe('parseOnrampFlags', () => {
  it('gives the provider from the flags and its secrets from the environment', () => {
    expect(parseOnrampFlags(flags, env)).toEqual({ config: { id: 'moonpay', checkoutUrl: 'https://buy.moonpay.com', apiKey: 'pk_live_1', secretKey: 'sk', webhookSecret: 'wh' } })
  })

  it('takes a plain-http checkout on the loopback address only (a stand-in on this machine)', () => {
    expect(parseOnrampFlags({ ...flags, checkoutUrl: 'http://127.0.0.1:4100/' }, env)).toMatchObject({ config: { checkoutUrl: 'http://127.0.0.1:4100/' } })
  })

  it('gives nothing without any flag (dev mode then runs the test checkout)', () => {
    expect(parseOnrampFlags({}, env)).toEqual({})
  })

  it('names what is missing, and refuses a plain-http checkout or an odd id', () => {
    expect(parseOnrampFlags({ provider: 'moonpay' }, {})).toEqual({ error: 'An on-ramp provider needs --onramp-checkout-url, --onramp-api-key, LATCH_ONRAMP_SECRET_KEY, LATCH_ONRAMP_WEBHOOK_SECRET' })
    expect(parseOnrampFlags({ ...flags, checkoutUrl: 'http://buy.example' }, env)).toEqual({ error: '--onramp-checkout-url must be an https URL (or http on the loopback address)' })
    expect(parseOnrampFlags({ ...flags, checkoutUrl: 'http://127.0.0.1.example/' }, env)).toMatchObject({ error: expect.stringContaining('https') })
    expect(parseOnrampFlags({ ...flags, provider: 'Moon Pay' }, env)).toEqual({ error: '--onramp-provider must be 1-32 of a-z, 0-9 and -' })
  })
})
