import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { createPublicClient, formatEther, http } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { RPC_TIMEOUT_MS } from '../../chains/rpc/createRpcTransport.js'
import { formatBalance } from '../../plugins/account/format/formatBalance.js'
import { startTestPageStack, type TestPageStack } from '../support/startTestPageStack.js'
import { startFaultyPort, type FaultyPort } from '../support/startFaultyPort.js'
import { pausePageClock } from '../support/pausePageClock.js'
import { behind, connectThroughModal, openFaultsPage, OWNER, recordFaultFigure, WAIT } from '../support/faultsPage.js'

// Issue 15, chain RPC faults: the network lists two RPC URLs, each behind a faulty port in
// front of the same hardhat node. The kit's reads (the native balance) must move to the live
// one, fail clearly when none answers, recover when one returns, and never wait past SPEC §9's
// 10 s timeout on a node that hangs. The wallet reaches the node directly.
let stack: TestPageStack
let first: FaultyPort
let second: FaultyPort
beforeAll(async () => {
  stack = await startTestPageStack(fileURLToPath(new URL('./fixtures/faultsPage.ts', import.meta.url)))
  ;[first, second] = await Promise.all([startFaultyPort(stack.chain.rpcUrl), startFaultyPort(stack.chain.rpcUrl)])
}, 300_000)
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()])
  await stack?.close()
})
const contexts: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close()
})

const expectedBalance = async () =>
  `${formatBalance(formatEther(await createPublicClient({ transport: http(stack.chain.rpcUrl) }).getBalance({ address: OWNER.address })))}`

/**
 * A connected page whose 31337 reads go to `first`, then `second`. With `clock`, the page runs on
 * its own clock, paused once connected (not before: viem's batches must go out on their 0 ms
 * timer, as they do): from then on the test moves its time, so a 10 s timeout costs no 10 s. For
 * timeouts only: a read the nodes answer takes real time, which a paused clock cannot be held to.
 */
async function connectedPage({ clock = false } = {}): Promise<{ page: Page; errors: string[] }> {
  const context = await stack.browser.newContext()
  contexts.push(context)
  const rpcUrls = [behind(first.url, stack.chain.rpcUrl), behind(second.url, stack.chain.rpcUrl)]
  const opened = await openFaultsPage(context, stack.site.url, { rpcUrls }, {
    walletRpc: stack.chain.rpcUrl,
    beforeLoad: clock ? (page) => page.clock.install() : undefined,
  })
  await connectThroughModal(opened.page)
  if (clock) await pausePageClock(opened.page)
  return opened
}
const shownBalance = (page: Page) => page.evaluate(() => (window as any).__latch.balance().balance as string | undefined)
/** The host's re-read: resolves, or rejects with the kit's error message. */
const refresh = (page: Page) =>
  page.evaluate(() => (window as any).__latch.refreshBalance().then(() => 'ok', (error: any) => `${error?.name}: ${error?.shortMessage ?? error?.message}`))

describe("the host's customRpcUrls", () => {
  it("are the network's URLs too: with the network's own URL dead, the balance comes through the host's", async () => {
    await Promise.all([first.setMode('up'), second.setMode('down')])
    const context = await stack.browser.newContext()
    contexts.push(context)
    const { page, errors } = await openFaultsPage(
      context,
      stack.site.url,
      // The network lists only `second` (dead); the host adds `first` for it.
      { rpcUrls: [behind(second.url, stack.chain.rpcUrl)], customRpcUrls: { 'eip155:31337': [behind(first.url, stack.chain.rpcUrl)] } },
      { walletRpc: stack.chain.rpcUrl },
    )
    const before = first.connections
    await connectThroughModal(page)
    await expect.poll(() => shownBalance(page), WAIT).toBe(await expectedBalance())
    expect(first.connections).toBeGreaterThan(before)
    expect(errors).toEqual([])
  })
})

describe('a network with two RPC URLs', () => {
  it('the first dead: reads move to the second without waiting for a ranking round (4 s)', async () => {
    await Promise.all([first.setMode('down'), second.setMode('up')])
    const { page, errors } = await connectedPage()
    // The kit reads the balance once, on connecting, and not again by itself: shown at all, it came
    // through that read's own fallback, not a read made after a ranking round. Waited for as long as
    // a loaded machine may need, not timed.
    await expect.poll(() => shownBalance(page), WAIT).toBe(await expectedBalance())
    expect(second.connections).toBeGreaterThan(0)
    expect(errors).toEqual([])
    recordFaultFigure({ case: 'rpc: first URL dead', held: true, note: 'balance read from the second URL' })
  })

  it('both dead: a clear error; one back: the next read succeeds without a reload', async () => {
    await Promise.all([first.setMode('down'), second.setMode('down')])
    const { page, errors } = await connectedPage()
    expect(await shownBalance(page)).toBeUndefined()
    const started = Date.now()
    expect(await refresh(page)).toBe('BalanceUnavailableError: Token Balance Unavailable')
    const failedAfterMs = Date.now() - started
    await second.setMode('up')
    const back = Date.now()
    await expect.poll(async () => ((await refresh(page)) === 'ok' ? shownBalance(page) : undefined), WAIT).toBe(await expectedBalance())
    const recoveryMs = Date.now() - back
    expect(errors).toEqual([])
    recordFaultFigure({ case: 'rpc: both URLs dead, then one back', held: true, recoveryMs, note: `clear error after ${failedAfterMs} ms` })
  })

  it.each(['hang', 'garbage'] as const)('the first %s: the read ends on the second', async (mode) => {
    await Promise.all([first.setMode(mode), second.setMode('up')])
    const { page, errors } = await connectedPage()
    // Waited for as long as a loaded machine may need, not timed: the 10 s bound is held in the
    // page's time below, where both nodes hang.
    await expect.poll(() => shownBalance(page), WAIT).toBe(await expectedBalance())
    expect(first.connections).toBeGreaterThan(0)
    expect(errors).toEqual([])
    recordFaultFigure({ case: mode === 'hang' ? 'rpc: first URL hangs' : 'rpc: first URL answers garbage', held: true })
  })

  it('both hang: the host read settles with an error after the 10 s timeout, never stuck', async () => {
    await Promise.all([first.setMode('hang'), second.setMode('hang')])
    const { page, errors } = await connectedPage({ clock: true })
    // The host's read runs on in the page; its outcome is kept there.
    await page.evaluate(() => {
      const w = window as any
      w.__latch.refreshBalance().then(
        () => (w.__refreshed = 'ok'),
        (error: any) => (w.__refreshed = `${error?.name}: ${error?.shortMessage ?? error?.message}`),
      )
    })
    const outcome = () => page.evaluate(() => (window as any).__refreshed as string | undefined)
    // Not given up before the first node's 10 s have passed in the page…
    await page.clock.runFor(RPC_TIMEOUT_MS - 1)
    expect(await outcome()).toBeUndefined()
    // …then settled as the page's time moves on, each node given its 10 s once: no retry pass on top.
    let settledMs = RPC_TIMEOUT_MS - 1
    while ((await outcome()) === undefined && settledMs < 2 * RPC_TIMEOUT_MS + 5_000) {
      await page.clock.runFor(250)
      settledMs += 250
    }
    expect(await outcome()).toBe('BalanceUnavailableError: Token Balance Unavailable')
    expect(settledMs).toBeLessThan(2 * RPC_TIMEOUT_MS + 5_000)
    expect(errors).toEqual([])
    recordFaultFigure({ case: 'rpc: both URLs hang', held: true, recoveryMs: settledMs, note: "read settled with an error (page's clock)" })
  })
})
