// The swaps plugin's figures. (1) Its cost to a host page, from the built dist/ (npm run bench
// builds first): what its entry adds up front, what the kit fetches once the feature is on (the
// setup chunk: the Swap action and view registrations with their CSS), and what the first Swap
// fetches (views and store). Each is gzip -9 of our own files beyond the core entry, the
// connectors and account plugins it requires (loaded by then) and the rows above. (2) The quote
// round trip on loopback, as the kit makes it (HTTP client, convert API, the backend's router
// read on the local hardhat chain). Run alone with `npx tsx bench/swaps.ts`.
import { init, parse } from 'es-module-lexer'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { parseUnits } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { createConvertApi } from '../plugins/swaps/convertApi.js'
import { startBackend } from '../server/startBackend.js'
import { createHttpClient } from '../ui-shell/services/createHttpClient.js'
import { staticClosure } from './bundleSizes.js'

const ENTRY = 'dist/plugins/swaps.js'
/** Quotes measured after the warm-up, one after another (a visitor's quotes never overlap). */
const QUOTES = Number(process.env.BENCH_QUOTES ?? 300)
const WARM_UP = 20

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const gzip = (files: string[]) => (files.length ? gzipSync(files.map((file) => readFileSync(file, 'utf8')).join('\n'), { level: 9 }).length : 0)

/** The files of ours a module imports lazily (`import('./x.js')`), resolved beside it. */
function lazyImportsOf(file: string): string[] {
  const [imports] = parse(readFileSync(file, 'utf8'))
  return imports.filter((request) => request.type === 'dynamic' && request.specifier?.startsWith('.')).map((request) => join(dirname(file), request.specifier!))
}

/** Every file the modules load statically once they run. */
async function loadedBy(files: string[]): Promise<Set<string>> {
  const all = new Set<string>()
  for (const file of files) for (const found of await staticClosure(file)) all.add(found)
  return all
}

/** A module and what it loads lazily, `depth` levels down. */
async function reachOf(file: string, depth: number): Promise<Set<string>> {
  let level = await loadedBy([file])
  const all = new Set(level)
  for (let i = 0; i < depth; i++) {
    level = await loadedBy([...level].flatMap(lazyImportsOf))
    for (const found of level) all.add(found)
  }
  return all
}

async function printSizes(): Promise<void> {
  if (!existsSync(ENTRY)) return console.log(`${ENTRY} is missing: run npm run build first`)
  await init
  const core = await loadedBy(['dist/index.js'])
  const entry = await loadedBy([ENTRY])
  // Swap is an Account action: by then the page holds the connectors plugin and its setup, and
  // the account plugin with its setup, the Account view and its stores.
  const required = new Set([...(await reachOf('dist/plugins/connectors.js', 1)), ...(await reachOf('dist/plugins/account.js', 2))])
  const setup = await loadedBy([...entry].flatMap(lazyImportsOf))
  const firstSwap = await loadedBy([...setup].flatMap(lazyImportsOf))
  const beyond = (files: Set<string>, ...before: Set<string>[]) => [...files].filter((file) => !before.some((set) => set.has(file)))
  const upFront = beyond(entry, core, required)
  const atStart = beyond(setup, core, required, entry)
  const onFirstUse = beyond(firstSwap, core, required, entry, setup)
  console.log('swaps plugin: gzip -9 of our code, each beyond the core, the connectors and account plugins, and the rows above')
  console.log(`  up front (the entry a host imports)           ${kb(gzip(upFront)).padStart(8)}  (${upFront.length} files)`)
  console.log(`  once the feature is on (setup chunk)          ${kb(gzip(atStart)).padStart(8)}  (${atStart.length} files)`)
  console.log(`  on first use (Swap views and store)           ${kb(gzip(onFirstUse)).padStart(8)}  (${onFirstUse.length} files)`)
  if (process.env.BENCH_VERBOSE) for (const file of [...upFront, ...atStart, ...onFirstUse]) console.log(`    ${file}`)
}

async function printQuoteRoundTrip(): Promise<void> {
  const backend = await startBackend({ rateLimit: false })
  try {
    const usdc = backend.deployment.evm.find((chain) => chain.chainId === 31337)!.contracts.usdc.address
    const api = createConvertApi(createHttpClient({ baseUrl: backend.url, projectId: 'latch-dev' }), 'latch-dev')
    const user = `eip155:31337:${mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 5 }).address}`
    const quote = (i: number) =>
      api.quote({ userAddress: user, from: `eip155:31337:${usdc}`, to: 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', amount: parseUnits(String(10 + (i % 90)), 6) })
    for (let i = 0; i < WARM_UP; i++) await quote(i)
    const times: number[] = []
    for (let i = 0; i < QUOTES; i++) {
      const began = performance.now()
      const out = await quote(i)
      times.push(performance.now() - began)
      if (!out) throw new Error('the backend quoted nothing: the figures would not be of a quote')
    }
    times.sort((a, b) => a - b)
    const at = (share: number) => times[Math.min(times.length - 1, Math.floor(times.length * share))]!.toFixed(1)
    console.log(`swap quote round trip on loopback (GET /v1/convert/quotes, USDC → ETH on 31337, ${QUOTES} sequential): p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`)
  } finally {
    await backend.close()
  }
}

await printSizes()
await printQuoteRoundTrip()
