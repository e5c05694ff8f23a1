import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { erc20Abi, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { randomBytes } from 'node:crypto'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { signWebhook } from '../../server/onramp/providers/webhookSignature.js'
import { deliveryEvent } from '../../server/onramp/testCheckout/sendTestCheckoutWebhook.js'
import { call, evmClients } from '../server/support.js'
import { checkoutOrderId, checkoutPayUrl, payCheckout } from '../support/onrampCheckout.js'

// Issue 29, on-ramp providers: an order is `paid` only on the provider's signed webhook, and the
// checkout opens only from a URL the backend signed. The real backend, its test checkout on its
// own origin and the local chain; the attacker is any HTTP client. Each attack follows the
// positive control and checks that nothing changed: the order's row, and the wallet on chain.
const q = 'projectId=latch-dev'
const FAKE_HASH = `0x${'ab'.repeat(32)}`

let backend: RunningBackend
beforeAll(async () => {
  backend = await startBackend({ dev: true, rateLimit: false })
}, 300_000)
afterAll(() => backend?.close())

/** A new order for 5 USDC on 31337 to a fresh wallet: the checkout URL, the row, the wallet. */
async function newOrder() {
  const receiver = privateKeyToAccount(generatePrivateKey()).address
  const { body } = await call(backend, `/v1/generators/onrampurl?${q}`, { body: { destinationWallets: [{ address: receiver, blockchains: ['latch-local'], assets: ['USDC'] }], presetCryptoAmount: 5 } })
  const url = body.url as string
  return { url, receiver, row: await rowOf(checkoutOrderId(url)) }
}
const rowOf = (id: string) => backend.storage.db.selectFrom('onramp_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const eventsFor = async (id: string) => (await backend.storage.db.selectFrom('onramp_webhook_events').select('event_id').where('order_id', '=', id).execute()).length
const usdcOf = (address: Address) => {
  const { publicClient, deployment } = evmClients(backend, 31337)
  return publicClient.readContract({ address: deployment.contracts.usdc.address, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
}

/** Posts `body` to the test checkout's webhook route with the signature header given. */
function postWebhook(body: string, signature: string | undefined, provider = backend.testCheckout!.keys.providerId) {
  return call(backend, `/v1/onramp/webhook/${provider}`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...(signature ? { 'moonpay-signature-v2': signature } : {}) } })
}
const now = () => Math.floor(Date.now() / 1000)
/** Signed as the test checkout signs: with the webhook secret it shares with the backend. */
const signedByProvider = (body: string, at = now()) => signWebhook(body, backend.testCheckout!.keys.webhookSecret, at)

/** The order's row as it was: still pending, nothing recorded, nothing on chain. */
async function expectUnchanged(order: Awaited<ReturnType<typeof newOrder>>) {
  expect(await rowOf(order.row.id)).toEqual(order.row)
  expect(await eventsFor(order.row.id)).toBe(0)
  expect(await usdcOf(order.receiver)).toBe(0n)
}

describe('given an on-ramp order and the test checkout on its own origin', () => {
  it('positive control: Pay sends the USDC on chain and the signed webhook makes the order paid', async () => {
    const order = await newOrder()
    expect(new URL(order.url).origin).toBe(backend.testCheckout!.url)
    expect(order.row.status).toBe('pending')
    expect(await payCheckout(order.url)).toMatchObject({ status: 200, body: { status: 'paid' } })
    const paid = await rowOf(order.row.id)
    expect(paid).toMatchObject({ status: 'paid', tx_hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) })
    expect(await eventsFor(order.row.id)).toBe(1)
    expect(await usdcOf(order.receiver)).toBe(5_000_000n)
  })

  it('positive control: a webhook the provider signed confirms a pending order by itself', async () => {
    const order = await newOrder()
    const body = JSON.stringify(deliveryEvent(order.row, FAKE_HASH))
    expect(await postWebhook(body, signedByProvider(body))).toMatchObject({ status: 200, body: { received: true, status: 'paid' } })
    expect(await rowOf(order.row.id)).toMatchObject({ status: 'paid', tx_hash: FAKE_HASH })
  })

  it('refuses a forged webhook (another key, no signature, a body changed after signing) with SIGNATURE_INVALID, and changes nothing', async () => {
    const order = await newOrder()
    const body = JSON.stringify(deliveryEvent(order.row, FAKE_HASH))
    const otherKey = signWebhook(body, randomBytes(32).toString('base64url'), now())
    const changed = JSON.stringify(deliveryEvent({ ...order.row, amount: '5000' }, FAKE_HASH))
    for (const [label, answer] of [
      ['another key', await postWebhook(body, otherKey)],
      ['no signature', await postWebhook(body, undefined)],
      ['a signature without its timestamp', await postWebhook(body, signedByProvider(body).replace(/^t=\d+,/, ''))],
      ['a body changed after signing', await postWebhook(changed, signedByProvider(body))],
    ] as const)
      expect({ label, status: answer.status, code: answer.body.code }).toEqual({ label, status: 401, code: 'SIGNATURE_INVALID' })
    await expectUnchanged(order)
  })

  it('refuses a correctly signed webhook from outside the replay window with SIGNATURE_STALE, and changes nothing', async () => {
    const order = await newOrder()
    const body = JSON.stringify(deliveryEvent(order.row, FAKE_HASH))
    for (const at of [now() - 600, now() + 600])
      expect(await postWebhook(body, signedByProvider(body, at))).toMatchObject({ status: 401, body: { code: 'SIGNATURE_STALE' } })
    await expectUnchanged(order)
  })

  it('refuses a replayed webhook with SIGNATURE_REPLAYED: the event counts once', async () => {
    const order = await newOrder()
    // A "pending" event changes nothing: its replay is the attack a later "failed" could hide behind.
    const body = JSON.stringify(deliveryEvent(order.row, FAKE_HASH, 'pending'))
    const signature = signedByProvider(body)
    expect(await postWebhook(body, signature)).toMatchObject({ status: 200, body: { received: true, status: 'pending' } })
    expect(await postWebhook(body, signature)).toMatchObject({ status: 409, body: { code: 'SIGNATURE_REPLAYED' } })
    expect(await eventsFor(order.row.id)).toBe(1)
    expect(await rowOf(order.row.id)).toEqual(order.row)
  })

  it('refuses a signed webhook for another order, wallet, asset, network or amount with ORDER_MISMATCH or ORDER_NOT_FOUND, and changes nothing', async () => {
    const order = await newOrder()
    const attacker = privateKeyToAccount(generatePrivateKey()).address
    const cases = [
      [{ ...order.row, id: crypto.randomUUID() }, 404, 'ORDER_NOT_FOUND'],
      [{ ...order.row, destination: attacker }, 422, 'ORDER_MISMATCH'],
      [{ ...order.row, asset: 'ETH' }, 422, 'ORDER_MISMATCH'],
      [{ ...order.row, network: 'eip155:31338' }, 422, 'ORDER_MISMATCH'],
      [{ ...order.row, amount: '500' }, 422, 'ORDER_MISMATCH'],
    ] as const
    for (const [named, status, code] of cases) {
      const body = JSON.stringify(deliveryEvent(named, FAKE_HASH))
      expect(await postWebhook(body, signedByProvider(body))).toMatchObject({ status, body: { code } })
    }
    await expectUnchanged(order)
  })

  it('refuses a webhook for a provider the backend does not know with UNKNOWN_PROVIDER', async () => {
    const order = await newOrder()
    const body = JSON.stringify(deliveryEvent(order.row, FAKE_HASH))
    expect(await postWebhook(body, signedByProvider(body), 'moonpay')).toMatchObject({ status: 404, body: { code: 'UNKNOWN_PROVIDER' } })
    await expectUnchanged(order)
  })

  it("refuses a checkout URL whose wallet or amount was changed (the query's HMAC), and pays nothing", async () => {
    const order = await newOrder()
    const attacker = privateKeyToAccount(generatePrivateKey()).address
    for (const [key, value] of [['walletAddress', attacker], ['quoteCurrencyAmount', '5000'], ['apiKey', 'pk_other']] as const) {
      const tampered = new URL(order.url)
      tampered.searchParams.set(key, value)
      const page = await fetch(tampered)
      expect({ key, status: page.status, code: ((await page.json()) as { code: string }).code }).toEqual({ key, status: 401, code: 'SIGNATURE_INVALID' })
      expect({ key, ...(await payCheckout(tampered.toString())) }).toMatchObject({ key, status: 401, body: { code: 'SIGNATURE_INVALID' } })
    }
    expect(checkoutPayUrl(order.url)).toContain(backend.testCheckout!.url)
    await expectUnchanged(order)
    expect(await usdcOf(attacker)).toBe(0n)
  })
})
