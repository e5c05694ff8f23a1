import { rm } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { createPublicClient, http, parseEther, verifyMessage, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHardhatNode, type HardhatNode } from '../../server/chains/startHardhatNode.js'
import { buildTestPage } from '../support/buildTestPage.js'
import { launchBrowser } from '../support/launchBrowser.js'
import { serveDirectory } from '../support/serveDirectory.js'
import { createTestEip1193Wallet } from '../support/wallets/createTestEip1193Wallet.js'
import { exposeTestEip1193Wallet } from '../support/wallets/exposeTestEip1193Wallet.js'

// Issue 10: a dapp on wagmi uses Latch as its connector (latch/wagmi), on two real local chains,
// with the EIP-6963 test wallet in Chromium. Everything the dapp does goes through wagmi hooks.
const account = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 8 })
const WALLET_INFO = { uuid: '5d7e1c2a-9b3f-4e6d-8a1c-2b3d4e5f6a7b', name: 'Latch Test Wallet', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.latch.testwallet' }
const RECIPIENT = '0x000000000000000000000000000000000000c0de'
const WAIT = { timeout: 20_000 }

let chains: HardhatNode[]
let site: Awaited<ReturnType<typeof serveDirectory>>
let outdir: string
let browser: Browser

beforeAll(async () => {
  ;[chains, outdir, browser] = await Promise.all([
    Promise.all([startHardhatNode({ chainId: 31337 }), startHardhatNode({ chainId: 31338 })]),
    buildTestPage(fileURLToPath(new URL('./fixtures/wagmiPage.tsx', import.meta.url))),
    launchBrowser(),
  ])
  site = await serveDirectory(outdir)
})
afterAll(async () => {
  await browser?.close()
  await Promise.all([...(chains ?? []).map((chain) => chain.stop()), site?.close()])
  await rm(outdir, { recursive: true, force: true })
})

const rpcUrls = () => Object.fromEntries(chains.map((chain) => [chain.chainId, chain.rpcUrl]))

async function openPage(): Promise<Page> {
  const page = await browser.newPage()
  const wallet = createTestEip1193Wallet({ account, chains: rpcUrls() })
  await page.addInitScript((config) => Object.assign(window, { __wagmiPageConfig: config }), { rpcUrls: rpcUrls(), recipient: RECIPIENT })
  await exposeTestEip1193Wallet(page, wallet, WALLET_INFO)
  await page.goto(site.url)
  await page.waitForFunction(() => (window as any).__latch !== undefined, undefined, WAIT)
  await page.evaluate(() => (window as any).__latch.ready)
  return page
}

const wagmiState = (page: Page) => page.locator('pre[data-wagmi]').innerText().then((text) => JSON.parse(text))
const latchState = (page: Page) => page.evaluate(() => (window as any).__latch.state())

describe('given a wagmi dapp with latchConnector(kit)', () => {
  it('connects through the Latch modal, signs and sends with wagmi hooks, switches both ways, disconnects, and restores after a reload', async () => {
    const page = await openPage()
    expect(await wagmiState(page)).toMatchObject({ status: 'disconnected' })

    // wagmi's connect opens the Latch modal; the visitor picks the wallet there.
    await page.getByRole('button', { name: 'Connect with wagmi' }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /Latch Test Wallet/ }).click(WAIT)
    await expect.poll(() => wagmiState(page), WAIT).toMatchObject({ status: 'connected', address: account.address, chainId: 31337 })
    expect(await latchState(page)).toMatchObject({ address: account.address, caipNetworkId: 'eip155:31337' })

    await page.getByRole('button', { name: 'Sign with wagmi' }).click()
    await expect.poll(() => wagmiState(page).then((state) => state.signature ?? state.errors.join()), WAIT).toMatch(/^0x/)
    const { signature } = (await wagmiState(page)) as { signature: Hex }
    expect(await verifyMessage({ address: account.address, message: 'Signed through wagmi', signature })).toBe(true)

    const chain31337 = createPublicClient({ transport: http(rpcUrls()[31337]) })
    const before = await chain31337.getBalance({ address: RECIPIENT })
    await page.getByRole('button', { name: 'Send with wagmi' }).click()
    await expect.poll(() => wagmiState(page).then((state) => state.hash ?? state.errors.join()), WAIT).toMatch(/^0x/)
    const receipt = await chain31337.waitForTransactionReceipt({ hash: (await wagmiState(page)).hash })
    expect(receipt.from.toLowerCase()).toBe(account.address.toLowerCase())
    expect(await chain31337.getBalance({ address: RECIPIENT })).toBe(before + parseEther('0.25'))

    // A switch made with wagmi shows in the modal's state and on the NetworkButton...
    await page.getByRole('button', { name: 'Switch with wagmi' }).click()
    await expect.poll(() => latchState(page).then((state) => state.caipNetworkId), WAIT).toBe('eip155:31338')
    await expect.poll(() => page.locator('[data-latch-button="network"]').innerText(), WAIT).toBe('Latch Local 31338')
    expect(await wagmiState(page)).toMatchObject({ chainId: 31338 })
    // ...and one made through the kit shows in wagmi.
    await page.evaluate(() => (window as any).__latch.switchNetwork('eip155:31337'))
    await expect.poll(() => wagmiState(page).then((state) => state.chainId), WAIT).toBe(31337)

    // A reload restores the connection in both.
    await page.reload()
    await page.waitForFunction(() => (window as any).__latch !== undefined, undefined, WAIT)
    await expect.poll(() => wagmiState(page), WAIT).toMatchObject({ status: 'connected', address: account.address })
    expect(await latchState(page)).toMatchObject({ address: account.address, status: 'connected' })

    // Disconnecting through Latch disconnects wagmi.
    await page.getByRole('button', { name: 'Disconnect with Latch' }).click()
    await expect.poll(() => wagmiState(page), WAIT).toMatchObject({ status: 'disconnected', disconnected: true })

    // A connection made in the modal alone (Latch's ConnectButton) reaches wagmi.
    await page.locator('[data-latch-button="connect"]').click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /Latch Test Wallet/ }).click(WAIT)
    await expect.poll(() => wagmiState(page), WAIT).toMatchObject({ status: 'connected', address: account.address })
    await page.close()
  })

  it("rejects wagmi's connect with UserRejectedRequestError when the visitor closes the modal", async () => {
    const page = await openPage()
    await page.getByRole('button', { name: 'Connect with wagmi' }).click()
    const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
    await dialog.waitFor(WAIT)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => wagmiState(page), WAIT).toMatchObject({ status: 'disconnected', connectError: 'UserRejectedRequestError' })
    await page.close()
  })
})
