import autocannon from 'autocannon'
import { startBackend } from '../server/startBackend.js'
import type { FaultFigure } from '../test/support/faultsPage.js'

// Issue 15's route load: the catalogue (`/getWallets`) and the balance route with 1,000
// concurrent connections from one autocannon worker thread, the backend in this process as
// bench/server.ts runs it (no rate limit: one client IP). Holds when no request errs.
const CONNECTIONS = 1_000
const SECONDS = Number(process.env.LOAD_SECONDS ?? 5)

export async function runRouteLoad(): Promise<FaultFigure[]> {
  const backend = await startBackend({ catalogueScale: 5000, rateLimit: false })
  const q = 'projectId=latch-dev&st=appkit&sv=react-wagmi-1.7.10'
  const routes: Array<[string, string]> = [
    ['load: getWallets page 1 (5,000 wallets)', `${backend.url}/getWallets?${q}&page=1&entries=40`],
    ['load: balance (per-block cache)', `${backend.url}/v1/account/${backend.deployment.devAccount}/balance?${q}&currency=usd&chainId=eip155:31337`],
  ]
  const figures: FaultFigure[] = []
  try {
    for (const [name, url] of routes) {
      const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, pipelining: 1, workers: 1 })
      const failed = result.errors + result.timeouts + result.non2xx
      figures.push({
        case: name,
        held: failed === 0 && result.requests.total > 0,
        note: `${CONNECTIONS} connections, ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}`,
      })
    }
  } finally {
    await backend.close()
  }
  return figures
}

if (import.meta.url === `file://${process.argv[1]}`) for (const figure of await runRouteLoad()) console.log(JSON.stringify(figure))
