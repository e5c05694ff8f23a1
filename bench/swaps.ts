// The swaps plugin's figures. (1) Its cost to a host page, from the built dist/ (npm run bench
// builds first): what its entry adds up front, what the kit fetches once the feature is on (the
// setup chunk: the Swap action and view registrations with their CSS), and what the first Swap
// fetches (views and store). Each is gzip -9 of our own files beyond the core entry, the
// connectors and account plugins it requires (loaded by then) and the rows above. (2) The quote
// round trip on loopback, as the kit makes it (HTTP client, convert API, the backend's router
// read on the local hardhat chain). Run alone with `npx tsx bench/swaps.ts`.
import { parseUnits } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { createConvertApi } from '../plugins/swaps/convertApi.js'
import { startBackend } from '../server/startBackend.js'
import { createHttpClient } from '../ui-shell/services/createHttpClient.js'
import { printPluginCost } from './pluginCost.js'

const ENTRY = 'dist/plugins/swaps.js'
/** Quotes measured after the warm-up, one after another (a visitor's quotes never overlap). */
const QUOTES = Number(process.env.BENCH_QUOTES ?? 300)
const WARM_UP = 20

async function printSizes(): Promise<void> {
  // Swap is an Account action: by then the page holds the connectors plugin and its setup, and
  // the account plugin with its setup, the Account view and its stores.
  await printPluginCost('swaps plugin', ENTRY, [{ entry: 'dist/plugins/connectors.js', depth: 1 }, { entry: 'dist/plugins/account.js', depth: 2 }], 'Swap views and store')
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
