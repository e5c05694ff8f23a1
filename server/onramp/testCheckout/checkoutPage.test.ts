import { describe, expect, it } from 'vitest'
import { checkoutPage, checkoutTotal } from './checkoutPage.js'
import type { OnrampOrder } from '../payOnrampOrder.js'

// Every field as an attacker would fill it, had one reached the database.
const hostile: OnrampOrder = {
  id: '"><script>alert("id")</script>',
  destination: '<script>alert("destination")</script>',
  network: 'eip155:31337',
  asset: '"><img src=x onerror=alert("asset")>',
  amount: "1'><svg onload=alert(1)>",
  fiat_amount: '</button><iframe src="javascript:alert(1)">',
  status: 'pending',
  tx_hash: null,
  created_at: 0,
  paying_until: null,
  paying_lease: null,
}

/** Tags in the page: a hostile value that escaped would add one. */
const tagsOf = (html: string) => [...html.matchAll(/<([a-z]+)[\s>]/gi)].map((match) => match[1]!.toLowerCase())

describe('checkoutPage', () => {
  it('T1: renders a hostile pending order as text: no tag nor attribute of its own', () => {
    const action = '/pay?x="><script>alert(1)</script>'
    const html = checkoutPage(hostile, '<marquee>net</marquee>', 'USD', action)
    const clean = checkoutPage({ ...hostile, id: 'a', destination: 'b', asset: 'c', amount: 'd', fiat_amount: 'e' }, 'net', 'USD', '/pay')
    expect(tagsOf(html)).toEqual(tagsOf(clean))
    expect(html).toContain('&lt;script&gt;alert(&quot;destination&quot;)&lt;/script&gt;')
    expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(&quot;asset&quot;)&gt;')
    expect(html).toContain('&lt;marquee&gt;net&lt;/marquee&gt;')
    expect(html).toContain('action="/pay?x=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"')
  })

  it('T1: renders a hostile paid order as text', () => {
    const paid = { ...hostile, status: 'paid' as const, tx_hash: '</code><script>alert("tx")</script>' }
    const html = checkoutPage(paid, 'net')
    expect(tagsOf(html)).toEqual(tagsOf(checkoutPage({ ...paid, destination: 'b', asset: 'c', amount: 'd', tx_hash: 'f' }, 'net')))
    expect(html).toContain('&lt;/code&gt;&lt;script&gt;alert(&quot;tx&quot;)&lt;/script&gt;')
  })

  it("asks for the total in the visitor's currency, never '$' for euros or pounds (issue 27)", () => {
    const order = { ...hostile, id: 'a', destination: 'b', asset: 'USDC', amount: '22.5', fiat_amount: '27.00' }
    expect(checkoutPage(order, 'net')).toContain('>Pay $27.00<')
    expect(checkoutPage(order, 'net', 'EUR')).toContain('>Pay €25.00<')
    expect(checkoutTotal('127.00', 'GBP')).toBe('£100.00')
    expect(checkoutTotal('7500', 'USD')).toBe('$7,500.00')
    // Not a currency it sells: shown as what the order holds.
    expect(checkoutTotal('27.00', 'XYZ')).toBe('$27.00')
  })
})
