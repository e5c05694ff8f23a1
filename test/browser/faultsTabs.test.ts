import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHardhatNode, type HardhatNode } from '../../server/chains/startHardhatNode.js'
import { startTestPageStack, type TestPageStack } from '../support/startTestPageStack.js'
import { createTestEip1193Wallet } from '../support/wallets/createTestEip1193Wallet.js'
import { connectThroughModal, dialog, openAccount, openFaultsPage, OWNER, recordFaultFigure, WAIT } from '../support/faultsPage.js'

// Issue 15, two tabs of one page (one browser context, one wallet shared as an extension is):
// what the visitor does in one tab (connect, switch network, disconnect) shows in the other
// through the browser's storage events, and the two never disagree.
let stack: TestPageStack
let second: HardhatNode
beforeAll(async () => {
  ;[stack, second] = await Promise.all([
    startTestPageStack(fileURLToPath(new URL('./fixtures/faultsPage.ts', import.meta.url))),
    startHardhatNode({ chainId: 31338 }),
  ])
}, 300_000)
afterAll(async () => {
  await second?.stop()
  await stack?.close()
})

type Seen = { status: string; address?: string; network?: string }
const seen = (page: Page): Promise<Seen> =>
  page.evaluate(() => {
    const latch = (window as any).__latch
    const state = latch.state()
    return { status: state.status, address: state.address, network: latch.network() }
  })

describe('two tabs of one page', () => {
  it('a connect, a network switch and a disconnect in one tab show in the other; they never disagree', async () => {
    const context = await stack.browser.newContext()
    const wallet = createTestEip1193Wallet({ account: OWNER, chains: { 31337: stack.chain.rpcUrl, 31338: second.rpcUrl } })
    const config = { rpcUrls: [stack.chain.rpcUrl], secondRpcUrl: second.rpcUrl }
    const a = await openFaultsPage(context, stack.site.url, config, { wallet })
    const b = await openFaultsPage(context, stack.site.url, config, { wallet })
    expect((await seen(b.page)).status).toBe('disconnected')

    const started = Date.now()
    await connectThroughModal(a.page)
    await expect.poll(() => seen(b.page), WAIT).toEqual({ status: 'connected', address: OWNER.address, network: 'eip155:31337' })
    const connectMs = Date.now() - started

    // Switched in A through its Networks view: B follows.
    await openAccount(a.page)
    await dialog(a.page).getByRole('button', { name: 'Latch Local', exact: true }).click()
    await a.page.getByRole('dialog', { name: 'Choose Network' }).waitFor(WAIT)
    await dialog(a.page).getByRole('button', { name: /Latch Local 31338/ }).click()
    await expect.poll(() => seen(a.page), WAIT).toEqual({ status: 'connected', address: OWNER.address, network: 'eip155:31338' })
    await expect.poll(() => seen(b.page), WAIT).toEqual(await seen(a.page))

    // Disconnected in B this time: A follows, and neither reconnects by itself.
    await openAccount(b.page)
    await dialog(b.page).getByRole('button', { name: 'Disconnect' }).click()
    await expect.poll(() => seen(a.page), WAIT).toMatchObject({ status: 'disconnected', address: undefined })
    expect(await seen(b.page)).toMatchObject({ status: 'disconnected', address: undefined })
    await b.page.reload()
    await b.page.waitForFunction(() => (window as any).__latch !== undefined, undefined, WAIT)
    await b.page.evaluate(() => (window as any).__latch.ready)
    expect((await seen(b.page)).status).toBe('disconnected')

    // And back: connecting in B (reloaded) shows in A.
    await connectThroughModal(b.page)
    await expect.poll(() => seen(a.page), WAIT).toMatchObject({ status: 'connected', address: OWNER.address })
    expect(a.errors).toEqual([])
    expect(b.errors).toEqual([])
    // Four changes made in one tab, each asserted in the other: none lost.
    recordFaultFigure({ case: 'two tabs', held: true, recoveryMs: connectMs, messagesLost: 0, note: 'connect, switch, disconnect, connect each followed by the other tab' })
    await context.close()
  })
})
