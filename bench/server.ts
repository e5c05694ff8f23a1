// Backend figures: time from start to ready, then the catalogue routes against the limit (a bare
// Fastify route sending one fixed page of 40 wallets) measured in the same run, then balances.
// autocannon on loopback. Run alone with `npx tsx bench/server.ts`; bench/run.ts imports it.
import autocannon from 'autocannon'
import Fastify from 'fastify'
import { startBackend } from '../server/startBackend.js'

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 2)
/** Rounds of the catalogue comparison: each runs every route once. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9)
const CONNECTIONS = 10
/** Issue 16's targets: catalogue routes at 0.8x the fixed page or better, p99 under 10 ms. */
const TARGET_RATIO = 0.8
const TARGET_P99_MS = 10

interface LoadFigures {
  requestsPerSecond: number
  p50: number
  p99: number
  errors: number
  non2xx: number
}

async function load(url: string): Promise<LoadFigures> {
  // One worker thread sends the load, so the servers have this process's main thread to themselves.
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS, pipelining: 1, workers: 1 })
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const line = (label: string, figures: LoadFigures) =>
  `  ${label.padEnd(50)} ${figures.requestsPerSecond.toFixed(0).padStart(6)} req/s   p50 ${String(figures.p50).padStart(3)} ms   p99 ${String(figures.p99).padStart(3)} ms   errors ${figures.errors}, non-2xx ${figures.non2xx}`

/** The limit: Fastify with no hooks and no validation, sending the bytes of one page it made at start. */
async function startFixedPage(page: string): Promise<{ url: string; close(): Promise<void> }> {
  const app = Fastify({ logger: false })
  app.get('/fixed', (_request, reply) => reply.header('content-type', 'application/json; charset=utf-8').send(page))
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/fixed`, close: () => app.close() }
}

const starts: number[] = []
for (let run = 0; run < 3; run++) {
  const began = performance.now()
  const backend = await startBackend({ rateLimit: false })
  starts.push(performance.now() - began)
  await backend.close()
}

const backend = await startBackend({ catalogueScale: 5000, rateLimit: false })
const q = 'projectId=latch-dev&st=appkit&sv=react-wagmi-1.7.10'
const pageUrl = `${backend.url}/getWallets?${q}&page=1&entries=40`
const fixed = await startFixedPage(await (await fetch(pageUrl)).text())
try {
  console.log('Backend (server/startBackend.ts) on loopback, 2 hardhat chains + litesvm in process')
  console.log(`  start to ready (2 chains up, contracts deployed, listening): median ${median(starts).toFixed(0)} ms (runs: ${starts.map((ms) => ms.toFixed(0)).join(', ')} ms)`)
  console.log(`  autocannon: ${CONNECTIONS} connections, ${DURATION_SECONDS} s per route, load from a worker thread`)

  const catalogue: Array<[string, string]> = [
    ['fixed page of 40 wallets (bare Fastify: the limit)', fixed.url],
    ['getWallets page 1 (5,000 wallets)', pageUrl],
    // 40 of thousands of matches: the fixed page's size, so the ratio is the route's own cost.
    ['getWallets search "wallet", 40 entries (5,000)', `${backend.url}/getWallets?${q}&page=1&entries=40&search=wallet`],
    // What AppKit's All Wallets search sends (SPEC §9: 100 entries).
    ['getWallets search "meta", 100 entries (AppKit)', `${backend.url}/getWallets?${q}&page=1&entries=100&search=meta`],
    ['getAssetImage (an AppKit network id)', `${backend.url}/public/getAssetImage/ba0ba0cd-17c6-4806-ad93-f9d174f17900?${q}`],
  ]
  // Each round measures every route once, starting one route later each time; a route's ratio is
  // taken against the limit of its own round, so load from other jobs on the machine cancels out.
  const samples = new Map<string, Array<LoadFigures & { ratio: number }>>(catalogue.map(([label]) => [label, []]))
  for (let round = 0; round < ROUNDS; round++) {
    const figures = new Map<string, LoadFigures>()
    for (let step = 0; step < catalogue.length; step++) {
      const [label, url] = catalogue[(round + step) % catalogue.length]!
      figures.set(label, await load(url))
    }
    const limit = figures.get(catalogue[0]![0])!.requestsPerSecond
    for (const [label, measured] of figures) samples.get(label)!.push({ ...measured, ratio: measured.requestsPerSecond / limit })
  }

  console.log(`  catalogue against the limit, in the same run: medians of ${ROUNDS} rounds, each ratio against its own round's limit`)
  for (const [label] of catalogue) {
    const runs = samples.get(label)!
    const figures: LoadFigures = {
      requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
      p50: median(runs.map((run) => run.p50)),
      p99: median(runs.map((run) => run.p99)),
      errors: runs.reduce((sum, run) => sum + run.errors, 0),
      non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
    }
    const ratio = median(runs.map((run) => run.ratio))
    const verdict = ratio >= TARGET_RATIO && figures.p99 < TARGET_P99_MS ? 'ok' : 'MISSES'
    const spread = `rounds ${runs.map((run) => run.ratio.toFixed(2)).join(' ')}`
    console.log(`${line(label, figures)}   ${ratio.toFixed(2)}x the limit (${spread}; target ${TARGET_RATIO}x, p99 < ${TARGET_P99_MS} ms: ${verdict})`)
  }

  const balances: Array<[string, string]> = [
    ['balance dev account (per-block cache)', `${backend.url}/v1/account/${backend.deployment.devAccount}/balance?${q}&currency=usd&chainId=eip155:31337`],
    ['balance forceUpdate (node read each time)', `${backend.url}/v1/account/${backend.deployment.devAccount}/balance?${q}&currency=usd&chainId=eip155:31337&forceUpdate=1`],
  ]
  for (const [label, url] of balances) console.log(line(label, await load(url)))
} finally {
  await fixed.close()
  await backend.close()
}
