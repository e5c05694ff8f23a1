import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { erc20Abi, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { Connection, Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { call, evmClients } from './support.js'

let backend: RunningBackend
const q = 'projectId=latch-dev'

beforeAll(async () => {
  backend = await startBackend()
})
afterAll(() => backend?.close())

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
  it('funds the EVM wallet on chain when Pay is pressed, once', async () => {
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const { body } = await call(backend, `/v1/generators/onrampurl?${q}`, {
      body: { destinationWallets: [{ address: receiver, blockchains: ['latch-local-2'], assets: ['USDC'] }], partnerUserId: 'u1', defaultExperience: 'buy', presetCryptoAmount: 25 },
    })
    expect(body.url).toMatch(new RegExp(`^${backend.url}/onramp/checkout/[0-9a-f-]{36}$`))
    const before = await checkout(body.url)
    expect(before.status).toBe(200)
    expect(before.html).toContain('25 USDC')
    expect(before.html).toContain('<button type="submit">Pay $25.00</button>')
    expect(before.csp).toContain("default-src 'none'")

    const pay = await fetch(`${body.url}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' })
    expect(pay.status).toBe(303)
    const { publicClient, deployment } = evmClients(backend, 31338)
    expect(await publicClient.readContract({ address: deployment.contracts.usdc.address, abi: erc20Abi, functionName: 'balanceOf', args: [receiver] })).toBe(25_000_000n)
    expect((await checkout(body.url)).html).toContain('Paid. 25 USDC sent.')
    const again = await fetch(`${body.url}/pay`, { method: 'POST', headers: { accept: 'application/json' } })
    expect(again.status).toBe(409)

    const purchases = await call(backend, `/v1/account/${receiver}/history?${q}&onramp=coinbase`)
    expect(purchases.body.data[0].metadata).toMatchObject({ operationType: 'buy', status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS', chain: 'eip155:31338' })
  })

  it('sends ETH by default and SOL on the Solana cluster', async () => {
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const eth = await call(backend, `/v1/generators/onrampurl?${q}`, { body: { destinationWallets: [{ address: receiver }], defaultNetwork: 'latch-local', presetFiatAmount: 300 } })
    const paid = await call(backend, eth.body.url.replace(backend.url, '') + '/pay', { method: 'POST', headers: { accept: 'application/json' } })
    expect(paid.body.status).toBe('paid')
    expect(await evmClients(backend, 31337).publicClient.getBalance({ address: receiver })).toBe(parseEther('0.1'))

    const solReceiver = Keypair.generate().publicKey.toBase58()
    const sol = await call(backend, `/v1/generators/onrampurl?${q}`, { body: { destinationWallets: [{ address: solReceiver, blockchains: ['solana-local'] }], presetCryptoAmount: 2 } })
    await call(backend, sol.body.url.replace(backend.url, '') + '/pay', { method: 'POST', headers: { accept: 'application/json' } })
    expect(await new Connection(backend.deployment.solana.rpcUrl).getBalance(new (await import('@solana/web3.js')).PublicKey(solReceiver))).toBe(2 * LAMPORTS_PER_SOL)
  })

  it('refuses an address of the wrong kind for the network, naming the field', async () => {
    const { status, body } = await call(backend, `/v1/generators/onrampurl?${q}`, { body: { destinationWallets: [{ address: 'not-an-address', blockchains: ['latch-local'] }] } })
    expect(status).toBe(400)
    expect(body.message).toBe('destinationWallets/0/address is not an address on the chosen network')
  })

  it('escapes whatever the order holds on the checkout page', async () => {
    const hostile = '0x0000000000000000000000000000000000000001'
    const { body } = await call(backend, `/v1/generators/onrampurl?${q}`, { body: { destinationWallets: [{ address: hostile, assets: ['<script>'] }] } })
    const page = await checkout(body.url)
    expect(page.html).not.toContain('<script')
  })
})
