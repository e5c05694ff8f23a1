import { rm } from 'node:fs/promises'
import type { Browser, Page } from 'playwright-core'
import { createPublicClient, http, parseEther, verifyMessage, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { buildPackedApp, type PackedApp } from '../support/buildPackedApp.js'
import { launchBrowser } from '../support/launchBrowser.js'
import { createTestEip1193Wallet } from '../support/wallets/createTestEip1193Wallet.js'
import { exposeTestEip1193Wallet } from '../support/wallets/exposeTestEip1193Wallet.js'
import { startWalletKitWallet } from '../support/wallets/startWalletKitWallet.js'

// Issue 10: examples/wagmi built from the packed package as a host builds it (npm pack, install,
// tsc against the shipped declarations, bundle), served by the reference backend on its two
// local chains, driven in Chromium with the EIP-6963 test wallet. The dapp does everything
// through wagmi's hooks, with Latch as its modal and connector.
const account = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 9 })
const WALLET_INFO = { uuid: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f', name: 'Latch Test Wallet', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.latch.testwallet' }
const RECIPIENT = '0x000000000000000000000000000000000000dEaD'
const WAIT = { timeout: 30_000 }

let app: PackedApp
let backend: RunningBackend
let browser: Browser

beforeAll(async () => {
  app = await buildPackedApp('wagmi')
  ;[backend, browser] = await Promise.all([startBackend({ staticDir: app.distDir }), launchBrowser()])
}, 600_000)
afterAll(async () => {
  await browser?.close()
  await backend?.close()
  if (app) await rm(app.root, { recursive: true, force: true })
})

const rpcUrlOf = (chainId: number) => backend.deployment.evm.find((chain) => chain.chainId === chainId)!.rpcUrl

async function openApp(): Promise<Page> {
  // Clipboard access: the WalletConnect view's 'Copy link' is how the test reads the pairing URI.
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] })
  const page = await context.newPage()
  page.once('close', () => void context.close().catch(() => {}))
  const wallet = createTestEip1193Wallet({ account, chains: { 31337: rpcUrlOf(31337), 31338: rpcUrlOf(31338) } })
  await exposeTestEip1193Wallet(page, wallet, WALLET_INFO)
  await page.goto(`${backend.url}/`)
  await page.getByRole('button', { name: 'Connect with wagmi' }).waitFor(WAIT)
  return page
}

/** A field of the page's wagmi or Latch readout, as the visitor sees it. */
const field = (page: Page, name: string) => page.locator(`[data-field="${name}"]`).innerText()
const connectButton = (page: Page) => page.locator('[data-latch-button="connect"]')
const networkButton = (page: Page) => page.locator('[data-latch-button="network"]')

describe('given examples/wagmi built from the packed package', () => {
  it('connects through the modal, signs with viem and wagmi, sends, switches both ways, survives a reload, and disconnects', async () => {
    const page = await openApp()
    // wagmi first asks the connector whether a connection is saved ('connecting'), then settles.
    await expect.poll(() => field(page, 'status'), WAIT).toBe('disconnected')

    // wagmi's connect opens the Latch modal; the visitor picks the wallet there.
    await page.getByRole('button', { name: 'Connect with wagmi' }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /Latch Test Wallet/ }).click(WAIT)
    await expect.poll(() => field(page, 'status'), WAIT).toBe('connected')
    expect(await field(page, 'address')).toBe(account.address)
    expect(await field(page, 'chainId')).toBe('31337')
    await expect.poll(() => connectButton(page).innerText(), WAIT).toMatch(/^0x/)

    // useLatchProvider('eip155') under viem.
    await page.getByRole('button', { name: 'Sign with viem' }).click()
    await expect.poll(() => field(page, 'viemSignature'), WAIT).toMatch(/^0x/)
    expect(await verifyMessage({ address: account.address, message: 'Hello from viem', signature: (await field(page, 'viemSignature')) as Hex })).toBe(true)

    // wagmi's own hooks.
    await page.getByRole('button', { name: 'Sign with wagmi' }).click()
    await expect.poll(() => field(page, 'signature'), WAIT).toMatch(/^0x/)
    expect(await verifyMessage({ address: account.address, message: 'Hello from a wagmi dapp', signature: (await field(page, 'signature')) as Hex })).toBe(true)

    const chain = createPublicClient({ transport: http(rpcUrlOf(31337)) })
    const before = await chain.getBalance({ address: RECIPIENT })
    await page.getByRole('button', { name: 'Send 0.25 ETH with wagmi' }).click()
    await expect.poll(() => field(page, 'hash'), WAIT).toMatch(/^0x/)
    const receipt = await chain.waitForTransactionReceipt({ hash: (await field(page, 'hash')) as Hex })
    expect(receipt.from.toLowerCase()).toBe(account.address.toLowerCase())
    expect(await chain.getBalance({ address: RECIPIENT })).toBe(before + parseEther('0.25'))

    // A chain switch made with wagmi shows on the modal's network button...
    await page.getByRole('button', { name: 'Switch chain with wagmi' }).click()
    await expect.poll(() => networkButton(page).innerText(), WAIT).toBe('Latch Local 31338')
    expect(await field(page, 'chainId')).toBe('31338')
    // ...and one made in the modal's network list shows in wagmi.
    await networkButton(page).click()
    await page.getByRole('dialog', { name: 'Choose Network' }).getByRole('button', { name: /^Latch Local\s*$/ }).click(WAIT)
    await expect.poll(() => field(page, 'chainId'), WAIT).toBe('31337')

    // A reload restores the connection in Latch and in wagmi.
    await page.reload()
    await expect.poll(() => field(page, 'status'), WAIT).toBe('connected')
    expect(await field(page, 'address')).toBe(account.address)
    await expect.poll(() => connectButton(page).innerText(), WAIT).toMatch(/^0x/)

    // useLatchDisconnect() ends it for both.
    await page.getByRole('button', { name: 'Disconnect with Latch' }).click()
    await expect.poll(() => field(page, 'status'), WAIT).toBe('disconnected')
    await expect.poll(() => connectButton(page).innerText(), WAIT).toBe('Connect Wallet')

    // A connection made in the modal alone (Latch's ConnectButton) reaches wagmi.
    await connectButton(page).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /Latch Test Wallet/ }).click(WAIT)
    await expect.poll(() => field(page, 'status'), WAIT).toBe('connected')
    await page.close()
  })

  it("rejects wagmi's connect with UserRejectedRequestError when the visitor closes the modal", async () => {
    const page = await openApp()
    await page.getByRole('button', { name: 'Connect with wagmi' }).click()
    const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
    await dialog.waitFor(WAIT)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => field(page, 'errors'), WAIT).toBe('UserRejectedRequestError')
    expect(await field(page, 'status')).toBe('disconnected')
    await page.close()
  })

  it('connects, signs and sends with wagmi over WalletConnect: a WalletKit wallet paired through the backend relay', async () => {
    const wcAccount = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 5 })
    const wallet = await startWalletKitWallet({
      relayUrl: `${backend.url.replace(/^http/, 'ws')}/relay`,
      account: wcAccount,
      chainId: 31337,
      storagePrefix: 'packed-wagmi-app',
      rpcUrl: rpcUrlOf(31337),
    })
    try {
      const page = await openApp()
      await page.getByRole('button', { name: 'Connect with wagmi' }).click()
      const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
      await dialog.getByRole('list', { name: 'Wallets' }).getByRole('button', { name: /WalletConnect/ }).click(WAIT)
      await page.getByRole('button', { name: 'Copy link' }).click(WAIT)
      await page.getByText('Link copied').waitFor(WAIT)
      await wallet.pair(await page.evaluate(() => navigator.clipboard.readText()))
      await expect.poll(() => field(page, 'status'), WAIT).toBe('connected')
      expect(await field(page, 'address')).toBe(wcAccount.address)

      await page.getByRole('button', { name: 'Sign with wagmi' }).click()
      await expect.poll(() => field(page, 'signature'), WAIT).toMatch(/^0x/)
      expect(await verifyMessage({ address: wcAccount.address, message: 'Hello from a wagmi dapp', signature: (await field(page, 'signature')) as Hex })).toBe(true)

      const chain = createPublicClient({ transport: http(rpcUrlOf(31337)) })
      await page.getByRole('button', { name: 'Send 0.25 ETH with wagmi' }).click()
      await expect.poll(() => field(page, 'hash'), WAIT).toMatch(/^0x/)
      const receipt = await chain.waitForTransactionReceipt({ hash: (await field(page, 'hash')) as Hex })
      expect(receipt.from.toLowerCase()).toBe(wcAccount.address.toLowerCase())
      expect(receipt.status).toBe('success')
      await page.close()
    } finally {
      await wallet.stop()
    }
  })
})
