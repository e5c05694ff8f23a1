import type { HttpClient } from '../../ui-shell/plugin.js'
import { toWebUrl } from '../../ui-shell/plugin.js'
import { InvalidOnrampOptionsError, InvalidOnrampQuoteError, OnrampCheckoutUrlRefusedError } from './errors/onramp.js'
import { parseOnrampOptions, parseOnrampPurchases, parseOnrampQuote } from './parseOnramp.js'
import type { OnrampOptions, OnrampPurchase, OnrampQuote } from './onrampTypes.js'

/** The on-ramp provider whose purchases the history route lists (`onramp=`). */
const ONRAMP_PROVIDER = 'coinbase'

/** What a quote is asked for: SPEC §7 `POST /v1/onramp/quote`. */
export interface QuoteRequest {
  purchaseCurrency: string
  paymentCurrency: string
  amount: string
  network: string
}

/** What a checkout is made for: SPEC §7 `POST /v1/generators/onrampurl`. */
export interface CheckoutRequest {
  address: string
  network: string
  asset: string
  /** The quoted amount of the asset; absent with the mock quote, then `fiatAmount` sets it. */
  cryptoAmount?: string
  fiatAmount: string
  /** The fiat currency paid in ('EUR'): the checkout asks for the total in it. */
  fiatCurrency: string
}

/** The blockchain service's on-ramp calls, each answer checked. */
export interface OnrampService {
  fetchOptions(): Promise<OnrampOptions>
  fetchQuote(request: QuoteRequest): Promise<OnrampQuote>
  createCheckoutUrl(request: CheckoutRequest): Promise<string>
  fetchPurchases(params: { address: string; caipNetworkId: string }): Promise<OnrampPurchase[]>
}

/**
 * The on-ramp calls of SPEC §7 on the blockchain service. A checkout URL is returned only when
 * it is an http(s) page of that same service or of a provider checkout origin the service's
 * options list for the project: a tampered `onrampurl` answer never makes the kit open another host.
 *
 * @param client - the blockchain service
 * @param signal - aborted when the plugin unloads
 * @example
 * const service = createOnrampService(blockchain)
 * const { purchaseCurrencies } = await service.fetchOptions()
 */
export function createOnrampService(client: HttpClient, signal?: AbortSignal): OnrampService {
  const origin = new URL(client.baseUrl).origin
  /** The listed checkout origins, from the last options read (read again when none was). */
  let checkoutOrigins: string[] | undefined
  const fetchOptions = async () => {
    const options = parseOnrampOptions(await client.get('/v1/onramp/options', { signal }))
    if (!options) throw new InvalidOnrampOptionsError()
    checkoutOrigins = options.checkoutOrigins
    return options
  }
  const isCheckoutOrigin = async (candidate: string) => {
    if (candidate === origin) return true
    if (!checkoutOrigins) await fetchOptions().catch(() => undefined)
    return checkoutOrigins?.includes(candidate) ?? false
  }
  return {
    fetchOptions,
    async fetchQuote(request) {
      const quote = parseOnrampQuote(await client.post('/v1/onramp/quote', request, { signal }))
      if (!quote) throw new InvalidOnrampQuoteError()
      return quote
    },
    async createCheckoutUrl({ address, network, asset, cryptoAmount, fiatAmount, fiatCurrency }) {
      const body = await client.post<{ url?: unknown }>(
        '/v1/generators/onrampurl',
        {
          destinationWallets: [{ address, blockchains: [network], assets: [asset] }],
          defaultNetwork: network,
          partnerUserId: address,
          defaultExperience: 'buy',
          fiatCurrency,
          ...(cryptoAmount !== undefined ? { presetCryptoAmount: Number(cryptoAmount) } : { presetFiatAmount: Number(fiatAmount) }),
        },
        { signal },
      )
      const raw = typeof body?.url === 'string' ? body.url : ''
      const url = toWebUrl(raw)
      if (!url || !(await isCheckoutOrigin(new URL(url).origin))) throw new OnrampCheckoutUrlRefusedError({ url: raw })
      return url
    },
    async fetchPurchases({ address, caipNetworkId }) {
      const body = await client.get(`/v1/account/${encodeURIComponent(address)}/history`, {
        query: { chainId: caipNetworkId, onramp: ONRAMP_PROVIDER },
        signal,
      })
      return parseOnrampPurchases(body)
    },
  }
}
