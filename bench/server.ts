// Backend figures: time from start to ready, then getWallets and balance throughput and latency
// under autocannon on loopback. Run alone with `npx tsx bench/server.ts`; bench/run.ts imports it.
import autocannon from 'autocannon'
import { startBackend } from '../server/startBackend.js'

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 8)
const CONNECTIONS = 10

interface LoadFigures {
  requestsPerSecond: number
  p50: number
  p99: number
  errors: number
  non2xx: number
}

async function load(url: string): Promise<LoadFigures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS, pipelining: 1 })
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  }
}

const starts: number[] = []
for (let run = 0; run < 3; run++) {
  const began = performance.now()
  const backend = await startBackend({ rateLimit: false })
  starts.push(performance.now() - began)
  await backend.close()
}

const backend = await startBackend({ catalogueScale: 5000, rateLimit: false })
try {
  const q = 'projectId=latch-dev'
  const scenarios: Array<[string, string]> = [
    ['getWallets page 1 (5,000 wallets)', `${backend.url}/getWallets?${q}&page=1&entries=40`],
    ['getWallets search "wallet" (5,000)', `${backend.url}/getWallets?${q}&page=1&entries=40&search=wallet`],
    ['balance dev account (per-block cache)', `${backend.url}/v1/account/${backend.deployment.devAccount}/balance?${q}&currency=usd&chainId=eip155:31337`],
    ['balance forceUpdate (node read each time)', `${backend.url}/v1/account/${backend.deployment.devAccount}/balance?${q}&currency=usd&chainId=eip155:31337&forceUpdate=1`],
  ]
  const sorted = [...starts].sort((a, b) => a - b)
  console.log('Backend (server/startBackend.ts) on loopback, 2 hardhat chains + litesvm in process')
  console.log(`  start to ready (2 chains up, contracts deployed, listening): median ${sorted[1]!.toFixed(0)} ms (runs: ${starts.map((ms) => ms.toFixed(0)).join(', ')} ms)`)
  console.log(`  autocannon: ${CONNECTIONS} connections, ${DURATION_SECONDS} s per route`)
  for (const [label, url] of scenarios) {
    const figures = await load(url)
    console.log(
      `  ${label.padEnd(42)} ${figures.requestsPerSecond.toFixed(0).padStart(6)} req/s   p50 ${String(figures.p50).padStart(3)} ms   p99 ${String(figures.p99).padStart(3)} ms   errors ${figures.errors}, non-2xx ${figures.non2xx}`,
    )
  }
} finally {
  await backend.close()
}
