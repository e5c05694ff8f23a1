import { startBackend, type RunningBackend, type StartBackendOptions } from '../../server/startBackend.js'
import { freePort } from './freePort.js'
import { startReverseProxy, type ReverseProxy } from './startReverseProxy.js'

/** A dev backend and its secure site, each behind its own forwarding proxy, public on the proxy's origin. */
export interface BackendBehindProxies {
  backend: RunningBackend
  /** The secure site's public front. */
  siteProxy: ReverseProxy
  /** The backend API's public front. */
  apiProxy: ReverseProxy
  /** The secure site's own listen address: what a balancer sees, never its public origin. */
  siteListening: string
  close(): Promise<void>
}

/**
 * Starts the proxies first (their URLs are the public ones the backend must know), then the
 * backend on the ports they forward to, trusting them for X-Forwarded-For.
 *
 * @param options - more backend options (the database, dev mode…)
 * @param publicUrl - how an operator typed each public URL from its proxy's origin (e.g. with a trailing slash)
 */
export async function startBackendBehindProxies(options: StartBackendOptions & { localChains?: true }, publicUrl = (origin: string) => origin): Promise<BackendBehindProxies> {
  const [port, sitePort] = [await freePort(), await freePort()]
  const siteListening = `http://127.0.0.1:${sitePort}`
  const [siteProxy, apiProxy] = await Promise.all([startReverseProxy(siteListening), startReverseProxy(`http://127.0.0.1:${port}`)])
  const backend = await startBackend({
    rateLimit: false,
    ...options,
    port,
    secureSitePort: sitePort,
    secureSitePublicUrl: publicUrl(siteProxy.url),
    publicUrl: publicUrl(apiProxy.url),
    trustProxy: '127.0.0.1',
  })
  return {
    backend,
    siteProxy,
    apiProxy,
    siteListening,
    async close() {
      await backend.close()
      await siteProxy.close()
      await apiProxy.close()
    },
  }
}
