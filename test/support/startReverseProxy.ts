import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createProxyServer } from 'http-proxy-3'

export interface ReverseProxy {
  url: string
  close(): Promise<void>
}

/**
 * A reverse proxy on 127.0.0.1 in front of `target` (http-proxy-3), as an operator puts one on
 * the backend's host: every request reaches the backend from loopback, whoever sent it.
 * It adds `X-Forwarded-For`, as nginx or HAProxy set up for it would.
 *
 * @param target - the backend's URL
 * @example
 * const proxy = await startReverseProxy(backend.url)
 */
export async function startReverseProxy(target: string): Promise<ReverseProxy> {
  const proxy = createProxyServer({ target, xfwd: true })
  // A backend that went away is a 502, as a real proxy answers; never an unhandled error.
  proxy.on('error', (_error, _request, response) => {
    if ('writeHead' in response && !response.headersSent) response.writeHead(502)
    response.end()
  })
  const server = createServer((request, response) => void proxy.web(request, response))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
        proxy.close()
      }),
  }
}
