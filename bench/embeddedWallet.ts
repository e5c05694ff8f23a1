// The embedded wallet's figures. (1) The cost to a host page of the embeddedWallet, email and
// socials plugins, from the built dist/ (npm run bench builds first): up front, once the feature
// is on, on first use. (2) In Chromium against the reference backend (real SMTP, the secure site
// on its own origin): the frame's load (created → ready, SPEC's 500 ms settle included) and an
// email login's last step (code submitted → connected; the new device approved by its link before). Medians of RUNS fresh visitors.
// Run alone with `npx tsx bench/embeddedWallet.ts`.
import { rm } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { startBackend } from '../server/startBackend.js'
import { buildTestPage } from '../test/support/buildTestPage.js'
import { launchBrowser } from '../test/support/launchBrowser.js'
import { printPluginCost } from './pluginCost.js'
import { devFetch } from '../test/support/devRoute.js'
import { codeField } from '../test/support/emailLogin.js'

const RUNS = Number(process.env.BENCH_LOGINS ?? 5)
const WAIT = { timeout: 30_000 }
const CONNECTORS = { entry: 'dist/plugins/connectors.js', depth: 1 }

await printPluginCost('embeddedWallet plugin', 'dist/plugins/embeddedWallet.js', [CONNECTORS], 'the frame channel, the AUTH adapter, ApproveTransaction')
await printPluginCost('email plugin', 'dist/plugins/email.js', [CONNECTORS, { entry: 'dist/plugins/embeddedWallet.js', depth: 1 }], 'EmailLogin')
await printPluginCost('socials plugin', 'dist/plugins/socials.js', [CONNECTORS, { entry: 'dist/plugins/embeddedWallet.js', depth: 1 }], 'its views')

/** The first mail to `email` that holds `field`, from the dev mailbox (admin token), once it came. */
async function firstMailed(email: string, field: 'code' | 'link'): Promise<string> {
  const deadline = Date.now() + WAIT.timeout
  while (Date.now() < deadline) {
    const { messages } = (await (await devFetch(backend, `/dev/mailbox?email=${encodeURIComponent(email)}`)).json()) as { messages: Array<{ code?: string; link?: string }> }
    const value = messages.find((mail) => mail[field] !== undefined)?.[field]
    if (value) return value
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no ${field} mailed to ${email} within ${WAIT.timeout} ms`)
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const outdir = await buildTestPage(fileURLToPath(new URL('../test/browser/fixtures/emailPage.ts', import.meta.url)))
const [backend, browser] = await Promise.all([startBackend({ staticDir: outdir, rateLimit: false, dev: true }), launchBrowser()])
try {
  const rpcUrl = backend.deployment.evm.find((chain) => chain.chainId === 31337)!.rpcUrl
  const frameLoads: number[] = []
  const logins: number[] = []
  for (let run = 0; run < RUNS; run++) {
    const page = await (await browser.newContext()).newPage()
    await page.addInitScript((config) => Object.assign(window, { __latchEmailConfig: config }), { apiUrl: backend.url, rpcUrl, secureSiteUrl: backend.secureSiteUrl })
    await page.goto(`${backend.url}/`)
    await page.waitForFunction(() => (window as any).__latch !== undefined, undefined, WAIT)
    await page.evaluate(() => (window as any).__latch.ready)
    await page.evaluate(() => (window as any).__latch.open())
    await page.waitForFunction(() => (window as any).__latch.marks.frameReady !== undefined, undefined, WAIT)
    const email = `bench-${Date.now()}-${run}@latch.test`
    await page.getByRole('dialog').getByLabel('Email', { exact: true }).fill(email)
    await page.getByRole('dialog').getByRole('button', { name: 'Continue with email' }).click()
    // Every visitor is a new device: its owner approves it on the emailed link's page first.
    const approval = await page.context().newPage()
    await approval.goto(await firstMailed(email, 'link'))
    await approval.getByRole('button', { name: 'Approve' }).click(WAIT)
    await approval.getByRole('heading', { name: 'Device approved' }).waitFor(WAIT)
    await approval.close()
    // The code goes in the secure site's field (issue 26), which sends it at its sixth digit.
    const field = codeField(page).getByLabel('Code', { exact: true })
    await field.waitFor(WAIT)
    const code = await firstMailed(email, 'code')
    const submitted = await page.evaluate(() => performance.now())
    await field.fill(code)
    await page.waitForFunction(() => (window as any).__latch.marks.connected !== undefined, undefined, WAIT)
    const marks = (await page.evaluate(() => (window as any).__latch.marks)) as Record<string, number>
    frameLoads.push(marks.frameReady! - marks.frameCreated!)
    logins.push(marks.connected! - submitted)
    await page.context().close()
  }
  console.log(`embedded wallet in Chromium, median of ${RUNS} fresh visitors:`)
  console.log(`  frame created → ready (incl. SPEC's 500 ms settle)   ${median(frameLoads).toFixed(0).padStart(6)} ms`)
  console.log(`  email code submitted → connected                      ${median(logins).toFixed(0).padStart(6)} ms`)
} finally {
  await browser.close()
  await backend.close()
  await rm(outdir, { recursive: true, force: true })
}
