import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { erc20Abi, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { Connection, Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { call, evmClients } from './support.js'
import { openDatabase } from '../../server/plugins/database/openDatabase.js'
import { openStorage } from '../../server/plugins/database/openStorage.js'
import { testDatabaseUrl } from '../support/testDatabase.js'
import { checkoutPayUrl, payCheckout } from '../support/onrampCheckout.js'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BACKEND_MIGRATIONS } from '../../server/createServer.js'

let backend: RunningBackend
const q = 'projectId=latch-dev'

// An order a crashed earlier run left `paying` (R6): the data folder holds it at boot.
const stuckOrderId = '00000000-0000-4000-8000-000000000006'
const stuckReceiver = privateKeyToAccount(generatePrivateKey()).address
const dataDir = mkdtempSync(join(tmpdir(), 'latch-onramp-'))

// And one whose payer died mid-payment: its lease ran out a moment ago.
const leasedOrderId = '00000000-0000-4000-8000-000000000007'
const leasedReceiver = privateKeyToAccount(generatePrivateKey()).address

beforeAll(async () => {
  // Run twice by `npm test`: on the SQLite file, and on a Postgres database of the run's cluster.
  const databaseUrl = await testDatabaseUrl()
  const file = openDatabase(dataDir)
  const earlier = await openStorage({ url: databaseUrl, sqlite: file, migrations: BACKEND_MIGRATIONS })
  const order = { network: 'eip155:31337', asset: 'ETH', amount: '0.5', fiat_amount: '1500.00', status: 'paying', tx_hash: null, created_at: Date.now() } as const
  await earlier.db
    .insertInto('onramp_orders')
    .values([
      // Left by a release from before leases: no lease at all.
      { ...order, id: stuckOrderId, destination: stuckReceiver, paying_until: null, paying_lease: null },
      { ...order, id: leasedOrderId, destination: leasedReceiver, paying_until: Date.now() - 1, paying_lease: 'a-payer-that-died' },
    ])
    .execute()
  await earlier.close()
  file.close()
  backend = await startBackend({ dataDir, dev: true, databaseUrl })
})
afterAll(async () => {
  await backend?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

async function checkout(url: string) {
  const page = await fetch(url)
  return { status: page.status, html: await page.text(), csp: page.headers.get('content-security-policy') }
}

describe('given the on-ramp options and quote', () => {
  it('offers USD, EUR and GBP with the fallback limits, and the local assets', async () => {
    const { body } = await call(backend, `/v1/onramp/options?${q}`)
    expect(body.paymentCurrencies.map((currency: { id: string }) => currency.id)).toEqual(['USD', 'EUR', 'GBP'])
    expect(body.paymentCurrencies[0].payment_method_limits).toEqual([
      { id: 'card', min: '10.00', max: '7500.00' },
      { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
    ])
    const usdc = body.purchaseCurrencies.find((currency: { symbol: string }) => currency.symbol === 'USDC')
    expect(usdc.networks.map((network: { chain_id: string }) => network.chain_id)).toEqual(['31337', '31338'])
  })

  it("lists the test checkout's own origin, the only provider origin the kit may open (issue 29)", async () => {
    const { body } = await call(backend, `/v1/onramp/options?${q}`)
    expect(body.checkoutOrigins).toEqual([backend.testCheckout!.url])
    expect(backend.testCheckout!.url).not.toBe(backend.url)
  })

  it('quotes 100 USD of USDC after a 1.5% fee and a 0.50 network fee', async () => {
    const { body } = await call(backend, `/v1/onramp/quote?${q}`, { body: { purchaseCurrency: { id: 'USDC' }, paymentCurrency: { id: 'USD' }, amount: 100, network: 'latch-local' } })
    expect(body).toMatchObject({
      purchaseAmount: { amount: '98', currency: 'USDC' },
      paymentTotal: { amount: '100.00', currency: 'USD' },
      coinbaseFee: { amount: '1.50', currency: 'USD' },
      networkFee: { amount: '0.50', currency: 'USD' },
    })
  })
})

describe('given an on-ramp checkout URL', () => {
  it("asks for the quote's total, fees included, for the amount the quote buys (what the kit sends)", async () => {
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const quote = await call(backend, `/v1/onramp/quote?${q}`, { body: { purchaseCurrency: { id: 'USDC' }, paymentCurrency: { id: 'USD' }, amount: 100, network: 'latch-local' } })
    const { body } = await call(backend, `/v1/generators/onrampurl?${q}`, {
      body: { destinationWallets: [{ address: receiver, blockchains: ['latch-local'], assets: ['USDC'] }], presetCryptoAmount: Number(quote.body.purchaseAmount.amount) },
    })
    const page = await checkout(body.url)
    expect(page.html).toContain('98 USDC')
    expect(page.html).toContain(`Pay $${quote.body.paymentTotal.amount}`)
    expect(quote.body.paymentTotal.amount).toBe('100.00')
  })

  it.each([
    ['EUR', '€'],
    ['GBP', '£'],
  ])('asks a visitor paying in %s for the quoted total in it, never in dollars (issue 27)', async (currency, sign) => {
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const quote = await call(backend, `/v1/onramp/quote?${q}`, { body: { purchaseCurrency: { id: 'USDC' }, paymentCurrency: { id: currency }, amount: 100, network: 'latch-local' } })
    const { body } = await call(backend, `/v1/generators/onrampurl?${q}`, {
      body: { destinationWallets: [{ address: receiver, blockchains: ['latch-local'], assets: ['USDC'] }], presetCryptoAmount: Number(quote.body.purchaseAmount.amount), fiatCurrency: currency },
    })
    expect(new URL(body.url).searchParams.get('baseCurrencyCode')).toBe(currency.toLowerCase())
    const page = await checkout(body.url)
    expect(page.html).toContain(`Pay ${sign}${quote.body.paymentTotal.amount}<`)
    expect(page.html).not.toContain('Pay $')
  })

  it('funds the EVM wallet on chain when Pay is pressed, once', async () => {
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const { body } = await call(backend, `/v1/generators/onrampurl?${q}`, {
      body: { destinationWallets: [{ address: receiver, blockchains: ['latch-local-2'], assets: ['USDC'] }], partnerUserId: 'u1', defaultExperience: 'buy', presetCryptoAmount: 25 },
    })
    // A signed URL on the test checkout's own origin, in the provider protocol's terms.
    const url = new URL(body.url)
    expect(url.origin).toBe(backend.testCheckout!.url)
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ walletAddress: receiver, currencyCode: 'usdc', quoteCurrencyAmount: '25', network: 'eip155:31338', signature: expect.any(String) })
    const before = await checkout(body.url)
    expect(before.status).toBe(200)
    expect(before.html).toContain('25 USDC')
    // 25 USDC and the fees: (25 + 0.50) / 0.985.
    expect(before.html).toContain('<button type="submit">Pay $25.89</button>')
    expect(before.csp).toContain("default-src 'none'")

    const pay = await fetch(checkoutPayUrl(body.url), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' })
    expect(pay.status).toBe(303)
    const { publicClient, deployment } = evmClients(backend, 31338)
    expect(await publicClient.readContract({ address: deployment.contracts.usdc.address, abi: erc20Abi, functionName: 'balanceOf', args: [receiver] })).toBe(25_000_000n)
    expect((await checkout(body.url)).html).toContain('Paid. 25 USDC sent.')
    expect((await payCheckout(body.url)).status).toBe(409)

    const purchases = await call(backend, `/v1/account/${receiver}/history?${q}&onramp=coinbase`)
    expect(purchases.body.data[0].metadata).toMatchObject({ operationType: 'buy', status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS', chain: 'eip155:31338' })
  })

  it('sends ETH by default and SOL on the Solana cluster', async () => {
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const eth = await call(backend, `/v1/generators/onrampurl?${q}`, { body: { destinationWallets: [{ address: receiver }], defaultNetwork: 'latch-local', presetFiatAmount: 300 } })
    const paid = await payCheckout(eth.body.url)
    expect(paid.body.status).toBe('paid')
    // What the quote says 300 USD buys: 300 less 1.5% and 0.50, at 3000 USD per ETH.
    expect(await evmClients(backend, 31337).publicClient.getBalance({ address: receiver })).toBe(parseEther('0.09833333'))

    const solReceiver = Keypair.generate().publicKey.toBase58()
    const sol = await call(backend, `/v1/generators/onrampurl?${q}`, { body: { destinationWallets: [{ address: solReceiver, blockchains: ['solana-local'] }], presetCryptoAmount: 2 } })
    await payCheckout(sol.body.url)
    expect(await new Connection(backend.deployment.solana.rpcUrl).getBalance(new (await import('@solana/web3.js')).PublicKey(solReceiver))).toBe(2 * LAMPORTS_PER_SOL)
  })

  it('S3: sends what presetCryptoAmount says and checks the cap on its worth, whatever presetFiatAmount claims', async () => {
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const wallet = { address: receiver, blockchains: ['latch-local'], assets: ['USDC'] }
    const tooMuch = await call(backend, `/v1/generators/onrampurl?${q}`, { body: { destinationWallets: [wallet], presetFiatAmount: 1, presetCryptoAmount: 900_000 } })
    expect(tooMuch).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST', message: 'presetCryptoAmount is worth more than 25000 USD' } })
    const both = await call(backend, `/v1/generators/onrampurl?${q}`, { body: { destinationWallets: [wallet], presetFiatAmount: 1, presetCryptoAmount: 40 } })
    const page = await checkout(both.body.url)
    expect(page.html).toContain('40 USDC')
    expect(page.html).toContain('Pay $41.12')
  })

  it('S3: refuses Pay posted by a page on another origin, and serves the checkout page own form', async () => {
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const { body } = await call(backend, `/v1/generators/onrampurl?${q}`, { body: { destinationWallets: [{ address: receiver, assets: ['USDC'] }], presetCryptoAmount: 5 } })
    const form = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' } as const
    // The backend's own origin is another origin too: only the checkout's page presses Pay.
    for (const origin of ['https://evil.example', 'null', `http://localhost:${Number(new URL(body.url).port) + 1}`, backend.url]) {
      const forged = await fetch(checkoutPayUrl(body.url), { ...form, headers: { ...form.headers, origin } })
      expect(forged.status).toBe(403)
      expect(await forged.json()).toEqual({ code: 'ORIGIN_NOT_ALLOWED', message: 'Origin not allowed' })
    }
    const { deployment, publicClient } = evmClients(backend, 31337)
    expect(await publicClient.readContract({ address: deployment.contracts.usdc.address, abi: erc20Abi, functionName: 'balanceOf', args: [receiver] })).toBe(0n)
    const own = await fetch(checkoutPayUrl(body.url), { ...form, headers: { ...form.headers, origin: backend.testCheckout!.url } })
    expect(own.status).toBe(303)
    expect(await publicClient.readContract({ address: deployment.contracts.usdc.address, abi: erc20Abi, functionName: 'balanceOf', args: [receiver] })).toBe(5_000_000n)
  })

  it('S3: creates no order without a projectId', async () => {
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const { status, body } = await call(backend, '/v1/generators/onrampurl', { body: { destinationWallets: [{ address: receiver }], presetCryptoAmount: 1 } })
    expect(status).toBe(400)
    expect(body).toEqual({ code: 'INVALID_REQUEST', message: "querystring must have required property 'projectId'" })
    expect(await backend.storage.db.selectFrom('onramp_orders').select('id').where('destination', '=', receiver).execute()).toEqual([])
  })

  it('R2: stores a tiny amount as plain decimals and pays it, and refuses one below the smallest unit', async () => {
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const tiny = await call(backend, `/v1/generators/onrampurl?${q}`, { body: { destinationWallets: [{ address: receiver, blockchains: ['latch-local'], assets: ['ETH'] }], presetCryptoAmount: 1.2e-7 } })
    expect((await checkout(tiny.body.url)).html).toContain('0.00000012 ETH')
    const paid = await payCheckout(tiny.body.url)
    expect(paid).toMatchObject({ status: 200, body: { status: 'paid' } })
    expect(await evmClients(backend, 31337).publicClient.getBalance({ address: receiver })).toBe(120_000_000_000n)
    const below = await call(backend, `/v1/generators/onrampurl?${q}`, { body: { destinationWallets: [{ address: receiver, assets: ['USDC'] }], presetCryptoAmount: 1e-9 } })
    expect(below).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST', message: 'presetCryptoAmount must be at least 0.000001 USDC' } })
  })

  /** The signed checkout URL the backend's provider adapter makes for a stored order. */
  const signedUrlOf = async (id: string) => backend.services.onramp!.checkoutUrl(await backend.storage.db.selectFrom('onramp_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow())

  it('R6: pays an order that a crash left paying, once the backend restarts', async () => {
    const paid = await payCheckout(await signedUrlOf(stuckOrderId))
    expect(paid).toMatchObject({ status: 200, body: { status: 'paid' } })
    expect(await evmClients(backend, 31337).publicClient.getBalance({ address: stuckReceiver })).toBe(parseEther('0.5'))
  })

  it('pays an order whose payer died once its lease has run out, and once only', async () => {
    const url = await signedUrlOf(leasedOrderId)
    const pay = () => payCheckout(url)
    expect(await pay()).toMatchObject({ status: 200, body: { status: 'paid', order: { id: leasedOrderId, status: 'paid' } } })
    expect(await pay()).toMatchObject({ status: 409, body: { code: 'ORDER_ALREADY_PAID' } })
    expect(await evmClients(backend, 31337).publicClient.getBalance({ address: leasedReceiver })).toBe(parseEther('0.5'))
  })

  it('refuses an address of the wrong kind for the network, naming the field', async () => {
    const { status, body } = await call(backend, `/v1/generators/onrampurl?${q}`, { body: { destinationWallets: [{ address: 'not-an-address', blockchains: ['latch-local'] }] } })
    expect(status).toBe(400)
    expect(body.message).toBe('destinationWallets/0/address is not an address on the chosen network')
  })
})
