import { rm } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { verifyMessage } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestPage } from '../support/buildTestPage.js'
import { startCluster, type Cluster } from '../support/cluster/startCluster.js'
import { launchBrowser } from '../support/launchBrowser.js'
import { serveDirectory } from '../support/serveDirectory.js'
import { startWalletKitWallet } from '../support/wallets/startWalletKitWallet.js'

// Issue 31: a dapp page in Chromium (the kit with WalletConnect) on instance A and a WalletKit
// wallet on instance B pair through HAProxy; B dies (SIGKILL) while the wallet answers a
// personal_sign, the wallet reconnects through HAProxy to another instance, and the signature
// still reaches the page.
const A = 0
const B = 1
const account = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 7 })
let cluster: Cluster
let browser: Browser
let site: Awaited<ReturnType<typeof serveDirectory>>
let outdir: string

beforeAll(async () => {
  ;[cluster, outdir, browser] = await Promise.all([
    startCluster({ instances: 4 }),
    buildTestPage(fileURLToPath(new URL('../browser/fixtures/chainsPage.ts', import.meta.url))),
    launchBrowser(),
  ])
  site = await serveDirectory(outdir)
})
afterAll(async () => {
  await browser?.close()
  await site?.close()
  await cluster?.stop()
  if (outdir) await rm(outdir, { recursive: true, force: true })
})

type Latch = { ready: Promise<boolean>; startConnect(id: string): void; pairingUri(): string | undefined; state(): { status: string; address?: string }; sign(message: string): Promise<`0x${string}`> }

/** The dapp page, its relay on instance A (through HAProxy's front that prefers A). */
async function openDappPage(): Promise<Page> {
  const page = await browser.newPage()
  await page.addInitScript((config) => Object.assign(window, { __latchConfig: config }), { relayUrl: cluster.instances[A]!.pinnedRelayUrl, rpcUrl: cluster.devServices.rpcUrl })
  await page.goto(site.url)
  await page.waitForFunction(() => (window as unknown as { __latch?: unknown }).__latch !== undefined)
  await page.evaluate(() => (window as unknown as { __latch: Latch }).__latch.ready)
  return page
}

/** Pairs the page with the wallet and waits until the page shows the wallet's account. */
async function pair(page: Page, wallet: Awaited<ReturnType<typeof startWalletKitWallet>>) {
  await page.evaluate(() => (window as unknown as { __latch: Latch }).__latch.startConnect('walletConnect'))
  const uri = (await (await page.waitForFunction(() => (window as unknown as { __latch: Latch }).__latch.pairingUri())).jsonValue()) as string
  await wallet.pair(uri)
  await page.waitForFunction(() => (window as unknown as { __latch: Latch }).__latch.state().status === 'connected', undefined, { timeout: 30_000 })
  expect(await page.evaluate(() => (window as unknown as { __latch: Latch }).__latch.state().address)).toBe(account.address)
}

const sign = (page: Page, message: string) => page.evaluate((text) => (window as unknown as { __latch: Latch }).__latch.sign(text), message)

describe('given a dapp on instance A and a WalletKit wallet on instance B', () => {
  it('positive control: they pair through HAProxy across instances and personal_sign works', async () => {
    const wallet = await startWalletKitWallet({ relayUrl: cluster.instances[B]!.pinnedRelayUrl, account, chainId: 31337, storagePrefix: 'cluster-control' })
    const page = await openDappPage()
    try {
      await pair(page, wallet)
      const signature = await sign(page, 'Across instances')
      expect(await verifyMessage({ address: account.address, message: 'Across instances', signature })).toBe(true)
    } finally {
      await page.close()
      await wallet.stop()
    }
  })

  it('B is SIGKILLed during personal_sign, and the signature still arrives', async () => {
    const wallet = await startWalletKitWallet({ relayUrl: cluster.instances[B]!.pinnedRelayUrl, account, chainId: 31337, storagePrefix: 'cluster-failover' })
    const page = await openDappPage()
    try {
      await pair(page, wallet)
      // The request has reached the wallet through B: B dies before the wallet's answer leaves.
      let killed: Promise<void> | undefined
      wallet.kit.events.prependListener('session_request', () => {
        killed ??= cluster.kill(B, 'SIGKILL')
      })
      const signature = await sign(page, 'Signed while B died')
      expect(killed).toBeDefined()
      await killed
      expect(cluster.instances[B]!.running).toBe(false)
      expect(await verifyMessage({ address: account.address, message: 'Signed while B died', signature })).toBe(true)
    } finally {
      await page.close()
      await wallet.stop()
      await cluster.restart(B)
    }
  })
})
