import { afterEach, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { createHttpClient } from '../../ui-shell/services/createHttpClient.js'
import { sendJson, startHttpServer, type TestHttpServer } from '../../test/support/startHttpServer.js'
import { createOnrampService } from './onrampService.js'
import { onrampNetworkName } from './onrampChains.js'
import { parseOnrampOptions, parseOnrampPurchases, parseOnrampQuote } from './parseOnramp.js'
import { OnrampCheckoutUrlRefusedError } from './errors/onramp.js'

let server: TestHttpServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

/** The service on a loopback server that answers every request with `body`. */
async function serviceAnswering(body: unknown, status = 200) {
  server = await startHttpServer((_request, response) => sendJson(response, status, body))
  return createOnrampService(createHttpClient({ baseUrl: server.url, projectId: 'p' }))
}

/** Options of the right shape, as the backend answers them. */
const FALLBACK_LIKE_OPTIONS = {
  paymentCurrencies: [{ id: 'USD', payment_method_limits: [{ id: 'card', min: '10.00', max: '7500.00' }] }],
  purchaseCurrencies: [{ id: 'USDC', name: 'USD Coin', symbol: 'USDC', networks: [{ name: 'base', display_name: 'Base', chain_id: '8453', contract_address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' }] }],
}

const checkout = { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', network: 'base', asset: 'USDC', cryptoAmount: '24.125', fiatAmount: '25', fiatCurrency: 'EUR' }

describe('the checkout URL the service gives', () => {
  it('opens a page of the configured backend, asking for the quoted amount on the chosen network', async () => {
    server = await startHttpServer((_request, response) => sendJson(response, 200, { url: `${server!.url}/onramp/checkout/1` }))
    const service = createOnrampService(createHttpClient({ baseUrl: server.url, projectId: 'p' }))
    expect(await service.createCheckoutUrl(checkout)).toBe(`${server.url}/onramp/checkout/1`)
    expect(JSON.parse(server.requests[0]!.body)).toEqual({
      destinationWallets: [{ address: checkout.address, blockchains: ['base'], assets: ['USDC'] }],
      defaultNetwork: 'base',
      partnerUserId: checkout.address,
      defaultExperience: 'buy',
      fiatCurrency: 'EUR',
      presetCryptoAmount: 24.125,
    })
  })

  it.each([['javascript:alert(1)'], ['https://evil.example/checkout'], ['data:text/html,<script>1</script>'], [42], [undefined]])(
    'refuses %s: never a script URL nor another host',
    async (url) => {
      const service = await serviceAnswering({ url })
      const error = await service.createCheckoutUrl(checkout).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(OnrampCheckoutUrlRefusedError)
      expect((error as OnrampCheckoutUrlRefusedError).shortMessage).toMatchInlineSnapshot(`"The checkout could not be opened"`)
    },
  )
})

describe('a provider checkout on another origin (issue 29)', () => {
  /** A service whose options list `origins` and whose onrampurl answers `url`. */
  async function serviceListing(origins: unknown, url: string) {
    server = await startHttpServer((request, response) =>
      sendJson(response, 200, request.url?.startsWith('/v1/onramp/options') ? { ...FALLBACK_LIKE_OPTIONS, checkoutOrigins: origins } : { url }),
    )
    return createOnrampService(createHttpClient({ baseUrl: server.url, projectId: 'p' }))
  }

  it('opens a checkout on an origin the options list (positive control)', async () => {
    const service = await serviceListing(['https://buy.example'], 'https://buy.example/?apiKey=pk&signature=s')
    expect(await service.createCheckoutUrl(checkout)).toBe('https://buy.example/?apiKey=pk&signature=s')
  })

  it.each([['https://evil.example/?apiKey=pk'], ['https://buy.example.evil.example/'], ['http://buy.example/']])('refuses %s, which the options do not list', async (url) => {
    const service = await serviceListing(['https://buy.example'], url)
    await expect(service.createCheckoutUrl(checkout)).rejects.toBeInstanceOf(OnrampCheckoutUrlRefusedError)
  })

  it('lists no origin that is not exactly an http(s) origin', () => {
    const parsed = parseOnrampOptions({ ...FALLBACK_LIKE_OPTIONS, checkoutOrigins: ['javascript:alert(1)'] })
    expect(parsed).toBeUndefined()
    expect(parseOnrampOptions({ ...FALLBACK_LIKE_OPTIONS, checkoutOrigins: ['https://buy.example/path'] })).toBeUndefined()
    expect(parseOnrampOptions(FALLBACK_LIKE_OPTIONS)?.checkoutOrigins).toEqual([])
  })
})

describe('answers the service gets wrong', () => {
  it('a quote or options of the wrong shape is an error, so the store falls back', async () => {
    await expect((await serviceAnswering({ paymentCurrencies: 'USD' })).fetchOptions()).rejects.toThrow('The on-ramp options could not be read')
    await server!.close()
    await expect((await serviceAnswering({ quoteId: 'q' })).fetchQuote({ purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '25', network: 'base' })).rejects.toThrow(
      'The on-ramp quote could not be read',
    )
  })

  it('never throws on any JSON, and keeps only well-formed purchases (seed 14)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(() => parseOnrampOptions(value)).not.toThrow()
        expect(() => parseOnrampQuote(value)).not.toThrow()
        expect(() => parseOnrampPurchases(value)).not.toThrow()
        expect(() => parseOnrampPurchases({ data: [value] })).not.toThrow()
      }),
      { seed: 14, numRuns: 500 },
    )
    expect(parseOnrampPurchases({ data: [null, { id: 'a', metadata: { status: 'S' }, transfers: [{ fungible_info: { symbol: 'USDC' }, quantity: { numeric: '5' } }] }, { id: 7 }] })).toEqual([
      { id: 'a', status: 'S', symbol: 'USDC', amount: '5' },
    ])
  })
})

describe("SPEC §9's Coinbase-pay chains", () => {
  it('names the eight chains and the local ones; Solana and other chains get no Buy', () => {
    expect(['1', '42161', '137', '80094', '43114', '10', '42220', '8453', '31337'].map((id) => onrampNetworkName(`eip155:${id}`))).toEqual([
      'ethereum',
      'arbitrum',
      'polygon',
      'berachain',
      'avalanche-c-chain',
      'optimism',
      'celo',
      'base',
      'latch-local',
    ])
    expect(onrampNetworkName('eip155:56')).toBeUndefined()
    expect(onrampNetworkName('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBeUndefined()
  })
})
