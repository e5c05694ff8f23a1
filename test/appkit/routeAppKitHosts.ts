import type { BrowserContext } from 'playwright-core'

/**
 * The hosts AppKit 1.7.10 calls for its services (`@reown/appkit-common` ConstantsUtil): the
 * catalogue (`W3M_API_URL`), its analytics `POST /e` (`PULSE_API_URL`) and the blockchain
 * service with chain RPC (`BLOCKCHAIN_API_RPC_URL`). Our backend answers all three.
 */
export const APPKIT_SERVICE_HOSTS = ['api.web3modal.org', 'pulse.walletconnect.org', 'rpc.walletconnect.org']

/** One request to an AppKit service host, as our backend answered it. */
export interface RoutedRequest {
  method: string
  url: string
  status: number
  /** The start of the body, for errors. */
  body: string
}

export interface AppKitRouting {
  routed: RoutedRequest[]
  /** Every other host the page tried to reach: aborted. */
  aborted: string[]
}

/**
 * Routes a browser context the way a deployment would: AppKit's service hosts to our backend,
 * a made-up page origin (when given) to the built page, loopback as it is, and everything else
 * aborted, WebSockets included. The requests go over real sockets to the real backend.
 *
 * @param context - a fresh browser context
 * @param backendUrl - our backend, e.g. `http://127.0.0.1:5545`
 * @param page - `{ origin, siteUrl }` to serve the page at `siteUrl` under another origin
 * @returns what was routed and what was aborted, filled as the page runs
 * @example
 * const routing = await routeAppKitHosts(context, backend.url)
 */
export async function routeAppKitHosts(context: BrowserContext, backendUrl: string, page?: { origin: string; siteUrl: string }): Promise<AppKitRouting> {
  const routing: AppKitRouting = { routed: [], aborted: [] }
  const pageHost = page ? new URL(page.origin).host : undefined
  await context.route('**/*', async (route) => {
    const request = route.request()
    const url = new URL(request.url())
    if (url.hostname === '127.0.0.1') return route.continue()
    if (url.host === pageHost) return route.fulfill({ response: await route.fetch({ url: `${page!.siteUrl}${url.pathname}` }) })
    if (!APPKIT_SERVICE_HOSTS.includes(url.hostname)) {
      routing.aborted.push(url.hostname)
      return route.abort()
    }
    // route.fetch sends the page's own headers (Origin included): the backend sees what the hosted service would.
    const response = await route.fetch({ url: `${backendUrl}${url.pathname}${url.search}` })
    const status = response.status()
    routing.routed.push({ method: request.method(), url: url.href, status, body: status >= 400 ? (await response.text()).slice(0, 200) : '' })
    return route.fulfill({ response })
  })
  await context.routeWebSocket(/^wss?:\/\/(?!127\.0\.0\.1[:/])/, (socket) => {
    routing.aborted.push(new URL(socket.url()).hostname)
    return socket.close()
  })
  return routing
}
