import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { verifyMessage } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestEip1193Wallet } from '../support/wallets/createTestEip1193Wallet.js'
import { exposeTestEip1193Wallet } from '../support/wallets/exposeTestEip1193Wallet.js'
import { startTestPageStack, type TestPageStack } from '../support/startTestPageStack.js'
import { startWalletKitWallet } from '../support/wallets/startWalletKitWallet.js'

const account = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 4 })
let stack: TestPageStack
let chain: TestPageStack['chain']
let relay: TestPageStack['relay']
let site: TestPageStack['site']
let browser: TestPageStack['browser']

beforeAll(async () => {
  stack = await startTestPageStack(fileURLToPath(new URL('./fixtures/chainsPage.ts', import.meta.url)))
  ;({ chain, relay, site, browser } = stack)
})
afterAll(() => stack?.close())

/** Opens the test page; records every request that leaves loopback. */
async function openPage(prepare?: (page: Page) => Promise<void>) {
  const page = await browser.newPage()
  const offsite: string[] = []
  page.on('request', (request) => {
    const { hostname } = new URL(request.url())
    if (hostname !== '127.0.0.1') offsite.push(request.url())
  })
  await page.addInitScript((config) => Object.assign(window, { __latchConfig: config }), { relayUrl: relay.relayUrl, rpcUrl: chain.rpcUrl })
  await prepare?.(page)
  await page.goto(site.url)
  await page.waitForFunction(() => (window as unknown as { __latch?: unknown }).__latch !== undefined)
  await page.evaluate(() => (window as unknown as { __latch: { ready: Promise<boolean> } }).__latch.ready)
  return { page, offsite }
}

describe('given the kit in Chromium', () => {
  it('pairs with a WalletKit wallet through the local relay, signs, survives a reload, and sees the wallet disconnect', async () => {
    const wallet = await startWalletKitWallet({ relayUrl: relay.relayUrl, account, chainId: 31337, storagePrefix: 'browser-wallet' })
    const { page, offsite } = await openPage()
    await page.evaluate(() => (window as any).__latch.startConnect('walletConnect'))
    const uri = (await (await page.waitForFunction(() => (window as any).__latch.pairingUri())).jsonValue()) as string
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    await wallet.pair(uri)
    await page.waitForFunction(() => (window as any).__latch.state().status === 'connected')
    expect(await page.evaluate(() => (window as any).__latch.state().address)).toBe(account.address)

    const signature = (await page.evaluate(() => (window as any).__latch.sign('Hello from Chromium'))) as `0x${string}`
    expect(await verifyMessage({ address: account.address, message: 'Hello from Chromium', signature })).toBe(true)

    // Reload: a fresh kit restores the WalletConnect session from the page's storage.
    await page.reload()
    await page.waitForFunction(() => (window as any).__latch !== undefined)
    await page.evaluate(() => (window as any).__latch.ready)
    await page.waitForFunction(() => (window as any).__latch.state().status === 'connected')
    const again = (await page.evaluate(() => (window as any).__latch.sign('After reload'))) as `0x${string}`
    expect(await verifyMessage({ address: account.address, message: 'After reload', signature: again })).toBe(true)

    await wallet.disconnectAll()
    await page.waitForFunction(() => (window as any).__latch.state().status === 'disconnected')
    // No Verify iframe, telemetry or hosted RPC: nothing left loopback.
    expect(offsite).toEqual([])
    await page.close()
    await wallet.stop()
  })

  it('keeps the network the kit switched a WalletConnect session to across a reload, as a browser wallet keeps its own', async () => {
    const wallet = await startWalletKitWallet({ relayUrl: relay.relayUrl, account, chainId: 31337, alsoChainIds: [31338], storagePrefix: 'browser-wallet-two-chains' })
    const { page } = await openPage()
    await page.evaluate(() => (window as any).__latch.startConnect('walletConnect'))
    await wallet.pair((await (await page.waitForFunction(() => (window as any).__latch.pairingUri())).jsonValue()) as string)
    await page.waitForFunction(() => (window as any).__latch.state().status === 'connected')
    expect(await page.evaluate(() => (window as any).__latch.state().caipNetworkId)).toBe('eip155:31337')
    // The session holds both chains: the switch is the dapp's own, no wallet prompt.
    expect(await page.evaluate(() => (window as any).__latch.switchNetwork('eip155:31338'))).toBe('switched')

    await page.reload()
    await page.waitForFunction(() => (window as any).__latch !== undefined)
    await page.evaluate(() => (window as any).__latch.ready)
    await page.waitForFunction(() => (window as any).__latch.state().status === 'connected')
    expect(await page.evaluate(() => (window as any).__latch.state().caipNetworkId)).toBe('eip155:31338')
    await page.close()
    await wallet.stop()
  })

  it('connects an injected EIP-6963 test wallet and signs with it', async () => {
    const wallet = createTestEip1193Wallet({ account, chains: { 31337: chain.rpcUrl } })
    const { page, offsite } = await openPage((p) =>
      exposeTestEip1193Wallet(p, wallet, { uuid: '6f1b2a9e-0d3c-4b8a-9e7f-1a2b3c4d5e6f', name: 'Latch Test Wallet', icon: 'data:image/svg+xml,<svg/>', rdns: 'io.latch.testwallet' }),
    )
    const result = await page.evaluate(() => (window as any).__latch.connect('io.latch.testwallet'))
    expect(result).toEqual({ caipAddress: `eip155:31337:${account.address}` })
    const signature = (await page.evaluate(() => (window as any).__latch.sign('Hello injected'))) as `0x${string}`
    expect(await verifyMessage({ address: account.address, message: 'Hello injected', signature })).toBe(true)
    wallet.revoke()
    await page.waitForFunction(() => (window as any).__latch.state().status === 'disconnected')
    expect(offsite).toEqual([])
    await page.close()
  })
})
