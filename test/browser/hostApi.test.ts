import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { createPublicClient, createTestClient, http, parseEther, toHex, verifyMessage, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPageStack, type TestPageStack } from '../support/startTestPageStack.js'
import { createTestEip1193Wallet } from '../support/wallets/createTestEip1193Wallet.js'
import { exposeTestEip1193Wallet } from '../support/wallets/exposeTestEip1193Wallet.js'
import { startWalletKitWallet } from '../support/wallets/startWalletKitWallet.js'

// Issue 9: public paths proven the way a host uses them — createKit with the real plugins,
// the public React API, Chromium — not with a hand-fed context.
const account = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 7 })
const WALLET_INFO = { uuid: '0b8f6a2e-1c3d-4e5f-8a9b-0c1d2e3f4a5b', name: 'Latch Test Wallet', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.latch.testwallet' }
const WAIT = { timeout: 20_000 }

let stack: TestPageStack

beforeAll(async () => {
  stack = await startTestPageStack(fileURLToPath(new URL('./fixtures/hostApiPage.tsx', import.meta.url)))
})
afterAll(() => stack?.close())

/** The host page with the test wallet announced, its kit ready. */
async function openPage(embedded: boolean): Promise<Page> {
  const { browser, chain, relay, site } = stack
  // Clipboard access: the WalletConnect view's 'Copy link' is how a test reads the pairing URI.
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] })
  const page = await context.newPage()
  page.once('close', () => void context.close().catch(() => {}))
  const wallet = createTestEip1193Wallet({ account, chains: { 31337: chain.rpcUrl } })
  await page.addInitScript((config) => Object.assign(window, { __latchHostConfig: config }), { rpcUrl: chain.rpcUrl, relayUrl: relay.relayUrl, embedded })
  await exposeTestEip1193Wallet(page, wallet, WALLET_INFO)
  await page.goto(site.url)
  await page.waitForFunction(() => (window as unknown as { __latch?: unknown }).__latch !== undefined, undefined, WAIT)
  await page.evaluate(() => (window as any).__latch.ready)
  return page
}

/** Connects the test wallet through the modal; the modal closes once connected. */
async function connectThroughModal(page: Page): Promise<void> {
  await page.evaluate(() => (window as any).__latch.open())
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /Latch Test Wallet/ }).click(WAIT)
  await page.getByRole('dialog').waitFor({ state: 'hidden', ...WAIT })
  await page.waitForFunction(() => Boolean((window as any).__latch.state().address), undefined, WAIT)
}

describe('given a host page using the public API', () => {
  it("starts the kit only once the page's first render was painted; before, the kit reads as not started and keeps its listeners (issue 32)", async () => {
    const page = await openPage(false)
    // In the script that created it: not started, nothing provided, resolve refused.
    expect(await page.evaluate(() => (window as any).__latch.atCreation)).toEqual({
      state: { ready: false, features: {}, plugins: {} },
      account: expect.objectContaining({ address: undefined, isConnected: false }),
      busProvided: false,
      resolveError: 'TokenNotProvidedError',
    })
    // Once ready: the listener given before the start heard the kernel's event.
    expect(await page.evaluate(() => (window as any).__latch.readyHeard())).toBe(true)
    expect(await page.evaluate(() => (window as any).__latch.state().ready)).toBe(true)
    // The kit's own chunk was requested after the frame that first showed the host's button.
    // (Not against first-contentful-paint: Chromium stamps it when the compositor presents the
    // frame, which can be a few ms after the main thread has moved on.)
    const order = await page.evaluate(() => ({
      buttonFrame: (window as any).__latch.buttonFrameAt() as number | undefined,
      kitChunk: performance.getEntriesByType('resource').find((entry) => /\/bootKit-\w+\.js$/.test(entry.name))?.startTime,
    }))
    expect(order.buttonFrame).toBeGreaterThan(0)
    expect(order.kitChunk).toBeGreaterThan(order.buttonFrame!)
    await page.close()
  })

  it('useLatchDisconnect() disconnects the visitor', async () => {
    const page = await openPage(false)
    await connectThroughModal(page)
    const connectButton = page.locator('[data-latch-button="connect"]')
    await expect.poll(() => connectButton.innerText(), WAIT).toMatch(/^0x/)
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.waitForFunction(() => document.body.getAttribute('data-disconnect') !== null, undefined, WAIT)
    expect(await page.evaluate(() => document.body.getAttribute('data-disconnect'))).toBe('done')
    await expect.poll(() => connectButton.innerText(), WAIT).toBe('Connect Wallet')
    expect(await page.evaluate(() => (window as any).__latch.state())).toMatchObject({ status: 'disconnected', address: undefined })
    await page.close()
  })

  it("kit.open({ namespace: 'solana' }) while connected on eip155 shows SwitchActiveChain, then Connect", async () => {
    const page = await openPage(false)
    await connectThroughModal(page)
    await page.evaluate(() => (window as any).__latch.open({ namespace: 'solana' }))
    const dialog = page.getByRole('dialog', { name: 'Switch Chain' })
    await dialog.waitFor(WAIT)
    await expect.poll(() => dialog.innerText(), WAIT).toContain('Switch to Solana Local')
    await dialog.getByRole('button', { name: 'Connect a wallet' }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor(WAIT)
    expect(await page.evaluate(() => (window as any).__latch.state().caipNetworkId)).toMatch(/^solana:/)
    await page.close()
  })

  it("kit.open({ namespace: 'eip155' }) with both namespaces connected and Solana active switches in SwitchNetwork, then shows Account", async () => {
    const page = await openPage(false)
    await connectThroughModal(page)
    // Connect the Solana wallet too, the way rule 1 leads a visitor there.
    await page.evaluate(() => (window as any).__latch.open({ namespace: 'solana' }))
    await page.getByRole('dialog', { name: 'Switch Chain' }).getByRole('button', { name: 'Connect a wallet' }).click(WAIT)
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /Latch Test Solana/ }).click(WAIT)
    await page.getByRole('dialog').waitFor({ state: 'hidden', ...WAIT })
    await page.waitForFunction(() => (window as any).__latch.methods().solana.isConnected && (window as any).__latch.state().caipNetworkId?.startsWith('solana:'), undefined, WAIT)

    const shown = await page.evaluate(() => (window as any).__latch.views.length)
    await page.evaluate(() => (window as any).__latch.open({ namespace: 'eip155' }))
    await page.getByRole('dialog', { name: 'Account' }).waitFor(WAIT)
    // SwitchNetwork, not SwitchActiveChain: eip155 is connected, so the wallet switches and no new connection is asked for.
    expect(await page.evaluate((from) => (window as any).__latch.views.slice(from), shown)).toEqual(['SwitchNetwork', 'Account'])
    expect(await page.evaluate(() => (window as any).__latch.state())).toMatchObject({ caipNetworkId: 'eip155:31337', address: account.address })
    await page.close()
  })

  it('kit.back() on the only view closes the modal; back to Connect while connected shows Account (SPEC §2)', async () => {
    const page = await openPage(false)
    await page.evaluate(() => (window as any).__latch.open({ view: 'Networks' }))
    await page.getByRole('dialog', { name: 'Choose Network' }).waitFor(WAIT)
    await page.evaluate(() => (window as any).__latch.back())
    await page.getByRole('dialog').waitFor({ state: 'hidden', ...WAIT })
    expect(await page.evaluate(() => (window as any).__latch.state().open)).toBe(false)

    await connectThroughModal(page)
    await page.evaluate(() => (window as any).__latch.open({ view: 'Connect' }))
    const connectView = page.getByRole('dialog', { name: 'Connect Wallet' })
    await connectView.getByRole('list', { name: 'Wallets' }).getByRole('button', { name: /WalletConnect/ }).click(WAIT)
    await page.getByRole('dialog', { name: 'WalletConnect' }).waitFor(WAIT)
    await page.evaluate(() => (window as any).__latch.back())
    await page.getByRole('dialog', { name: 'Account' }).waitFor(WAIT)
    expect(await page.evaluate(() => (window as any).__latch.state().history)).toEqual(['Account'])
    await page.close()
  })

  it('embedded: true renders inline in the host element, with no modal dialog, and shows Account once connected', async () => {
    const page = await openPage(true)
    const region = page.locator('#embed').getByRole('region', { name: 'Connect Wallet' })
    await region.waitFor(WAIT)
    // No <dialog>, so nothing in the top layer, no backdrop, and the page stays usable.
    expect(await page.locator('#embed latch-modal').evaluate((host) => host.shadowRoot!.querySelectorAll('dialog').length)).toBe(0)
    await region.getByRole('button', { name: /Latch Test Wallet/ }).click(WAIT)
    // SPEC §2: the embedded kit shows Account when connected once the connect flow closes it.
    await page.locator('#embed').getByRole('region', { name: 'Account' }).waitFor(WAIT)
    expect(await page.evaluate(() => (window as any).__latch.state().address)).toBe(account.address)
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.waitForFunction(() => document.body.getAttribute('data-disconnect') === 'done', undefined, WAIT)
    await page.locator('#embed').getByRole('region', { name: 'Connect Wallet' }).waitFor(WAIT)
    await page.close()
  })
})

describe('given a host page using useLatchModal()', () => {
  it('opens the view it names and reports the modal open, then closed after Escape', async () => {
    const page = await openPage(false)
    const state = page.locator('output[data-modal]')
    await expect.poll(() => state.textContent(), WAIT).toBe('closed')
    await page.getByRole('button', { name: 'Pick a network' }).click(WAIT)
    await page.getByRole('dialog', { name: 'Choose Network' }).waitFor(WAIT)
    await expect.poll(() => state.textContent(), WAIT).toBe('open')
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'hidden', ...WAIT })
    await expect.poll(() => state.textContent(), WAIT).toBe('closed')
    await page.close()
  })

  it('throws NoKitProviderError, saying what to do, when used outside <LatchProvider>', async () => {
    const page = await openPage(false)
    const shown = page.locator('[data-hook-error]')
    await shown.waitFor(WAIT)
    expect(await shown.textContent()).toBe('Latch: wrap this component in <LatchProvider kit={kit}>.')
    expect(await shown.getAttribute('data-hook-error')).toBe('KIT_SHELL_NO_PROVIDER')
    await page.close()
  })
})

// Issue 10: the host's own code signs through the connection (useLatchProvider / kit.getProvider).
describe("given a host page signing through useLatchProvider('eip155')", () => {
  const request = (page: Page, method: string, params?: unknown) =>
    page.evaluate(([method, params]) => (window as any).__latch.request({ method, params }), [method, params] as const)

  it('signs a message and sends a transaction with the connected wallet, then refuses with 4900 once disconnected', async () => {
    const page = await openPage(false)
    await page.locator('output[data-provider="ready"]').waitFor({ state: 'attached', ...WAIT })
    // Before any connection: no accounts, the first listed chain, wallet calls refused.
    expect(await request(page, 'eth_accounts')).toEqual({ result: [] })
    expect(await request(page, 'eth_chainId')).toEqual({ result: '0x7a69' })
    expect(await request(page, 'personal_sign', ['0x68690a', account.address])).toMatchObject({ error: { code: 4900 } })

    await connectThroughModal(page)
    expect(await request(page, 'eth_accounts')).toEqual({ result: [account.address] })
    const message = 'Sign in to the host page'
    const { result: signature } = (await request(page, 'personal_sign', [toHex(message), account.address])) as { result: Hex }
    expect(await verifyMessage({ address: account.address, message, signature })).toBe(true)

    const chain = createPublicClient({ transport: http(stack.chain.rpcUrl) })
    const recipient = '0x000000000000000000000000000000000000bEEF'
    const before = await chain.getBalance({ address: recipient })
    const { result: hash } = (await request(page, 'eth_sendTransaction', [{ from: account.address, to: recipient, value: toHex(12_345n) }])) as { result: Hex }
    const receipt = await chain.waitForTransactionReceipt({ hash })
    expect(receipt.from.toLowerCase()).toBe(account.address.toLowerCase())
    expect(await chain.getBalance({ address: recipient })).toBe(before + 12_345n)

    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.waitForFunction(() => document.body.getAttribute('data-disconnect') === 'done', undefined, WAIT)
    expect(await request(page, 'personal_sign', [toHex(message), account.address])).toMatchObject({ error: { code: 4900 } })
    expect(await request(page, 'eth_accounts')).toEqual({ result: [] })
    // The same object throughout, and it told its listeners what happened, in order.
    expect(await page.evaluate(() => (window as any).__latch.sameProvider())).toBe(true)
    const events = await page.evaluate(() => (window as any).__latch.probe.events)
    expect(events).toEqual([
      ['connect', { chainId: '0x7a69' }],
      ['accountsChanged', [account.address]],
      ['accountsChanged', []],
      ['disconnect', { code: 4900 }],
    ])
    await page.close()
  })

  it('signs and sends over WalletConnect: a WalletKit wallet paired through the modal and the local relay', async () => {
    const wcAccount = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 6 })
    const wallet = await startWalletKitWallet({ relayUrl: stack.relay.relayUrl, account: wcAccount, chainId: 31337, storagePrefix: 'host-api-provider', rpcUrl: stack.chain.rpcUrl })
    try {
      const page = await openPage(false)
      await page.locator('output[data-provider="ready"]').waitFor({ state: 'attached', ...WAIT })
      await page.evaluate(() => (window as any).__latch.open())
      await page.getByRole('list', { name: 'Wallets' }).getByRole('button', { name: /WalletConnect/ }).click(WAIT)
      await page.getByRole('button', { name: 'Copy link' }).click(WAIT)
      await page.getByText('Link copied').waitFor(WAIT)
      await wallet.pair(await page.evaluate(() => navigator.clipboard.readText()))
      await page.getByRole('dialog').waitFor({ state: 'hidden', ...WAIT })
      await expect.poll(() => request(page, 'eth_accounts'), WAIT).toEqual({ result: [wcAccount.address] })

      const message = 'Signed over WalletConnect'
      const { result: signature } = (await request(page, 'personal_sign', [toHex(message), wcAccount.address])) as { result: Hex }
      expect(await verifyMessage({ address: wcAccount.address, message, signature })).toBe(true)

      const chain = createPublicClient({ transport: http(stack.chain.rpcUrl) })
      const { result: hash } = (await request(page, 'eth_sendTransaction', [{ from: wcAccount.address, to: wcAccount.address, value: toHex(1n) }])) as { result: Hex }
      const receipt = await chain.waitForTransactionReceipt({ hash })
      expect(receipt.from.toLowerCase()).toBe(wcAccount.address.toLowerCase())
      expect(receipt.status).toBe('success')
      await page.close()
    } finally {
      await wallet.stop()
    }
  })

  it('eth_requestAccounts opens the modal and resolves with the account the visitor connects; closing it rejects with 4001', async () => {
    const page = await openPage(false)
    await page.locator('output[data-provider="ready"]').waitFor({ state: 'attached', ...WAIT })
    const declined = page.evaluate(() => (window as any).__latch.request({ method: 'eth_requestAccounts' }))
    const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
    await dialog.waitFor(WAIT)
    await dialog.getByRole('button', { name: 'Close' }).click()
    expect(await declined).toMatchObject({ error: { code: 4001 } })

    const granted = page.evaluate(() => (window as any).__latch.request({ method: 'eth_requestAccounts' }))
    await dialog.getByRole('button', { name: /Latch Test Wallet/ }).click(WAIT)
    expect(await granted).toEqual({ result: [account.address] })
    await page.close()
  })
})

// Issue 10: the whole hook set, read the way a host renders it, agreeing with the plain kit methods.
describe('given a host page rendering the hooks', () => {
  const readHooks = (page: Page) => page.locator('pre[data-hooks]').innerText().then((text) => JSON.parse(text))

  it('reports the account, network, modal state, wallet, balance and events, before and after a connection', async () => {
    const page = await openPage(false)
    await expect.poll(() => readHooks(page).then((hooks) => hooks.state.ready), WAIT).toBe(true)
    expect(await readHooks(page)).toMatchObject({
      account: { isConnected: false, status: 'disconnected', allAccounts: [] },
      state: { open: false, loading: false },
    })
    expect((await readHooks(page)).walletInfo).toBeUndefined()

    await connectThroughModal(page)
    await expect.poll(() => readHooks(page).then((hooks) => hooks.balance.balance), WAIT).toMatch(/^\d/)
    const hooks = await readHooks(page)
    expect(hooks).toMatchObject({
      account: {
        namespace: 'eip155',
        address: account.address,
        caipAddress: `eip155:31337:${account.address}`,
        isConnected: true,
        status: 'connected',
        allAccounts: [{ address: account.address, type: 'eoa' }],
      },
      solana: { namespace: 'solana', isConnected: false, status: 'disconnected' },
      network: { caipNetworkId: 'eip155:31337', chainId: 31337, caipNetwork: { chainNamespace: 'eip155', id: 31337 } },
      state: { open: false, loading: false, activeNamespace: 'eip155', ready: true },
      walletInfo: { name: 'Latch Test Wallet', type: 'ANNOUNCED', rdns: 'io.latch.testwallet' },
      balance: { symbol: 'ETH' },
    })
    // The kit's plain methods say the same as the hooks.
    const methods = await page.evaluate(() => JSON.parse(JSON.stringify((window as any).__latch.methods())))
    expect(methods).toEqual({ account: hooks.account, solana: hooks.solana, network: hooks.network, state: hooks.state, walletInfo: hooks.walletInfo, balance: hooks.balance })
    const events: string[] = await page.evaluate(() => (window as any).__latch.hostEvents)
    expect(events.filter((name) => name !== 'view:changed')).toEqual(['features:changed', 'kit:ready', 'modal:opened', 'wallet:connected', 'modal:closed'])
    // useLatchEvents() holds the latest of them.
    expect(hooks.event).toBe(events.at(-1))

    // The balance re-read on demand: useLatchBalance().fetchBalance, then kit.refreshBalance().
    const chain = createTestClient({ mode: 'hardhat', transport: http(stack.chain.rpcUrl) })
    await chain.setBalance({ address: account.address, value: parseEther('42.5') })
    await page.getByRole('button', { name: 'Refresh balance' }).click()
    await expect.poll(() => readHooks(page).then((hooks) => hooks.balance.balance), WAIT).toBe('42.5')
    await chain.setBalance({ address: account.address, value: parseEther('7') })
    await page.evaluate(() => (window as any).__latch.refreshBalance())
    await expect.poll(() => readHooks(page).then((hooks) => hooks.balance.balance), WAIT).toBe('7')

    // useLatchNetwork().switchNetwork to a namespace with no wallet: the network moves, the eip155 account stays.
    await page.getByRole('button', { name: 'Use Solana' }).click()
    await expect.poll(() => readHooks(page).then((hooks) => hooks.network.caipNetworkId), WAIT).toMatch(/^solana:/)
    expect(await readHooks(page)).toMatchObject({ network: { networkName: 'Solana Local' }, state: { activeNamespace: 'solana' } })
    expect(await page.evaluate(() => (window as any).__latch.methods().account)).toMatchObject({ namespace: 'solana', isConnected: false })
    expect(await page.evaluate(() => (window as any).__latch.state().accounts.eip155)).toMatchObject({ address: account.address, status: 'connected' })
    // kit.disconnect({ namespace }) ends that namespace's connection.
    await page.evaluate(() => (window as any).__latch.disconnect('eip155'))
    expect(await page.evaluate(() => (window as any).__latch.state().accounts.eip155)).toMatchObject({ status: 'disconnected' })
    await page.close()
  })
})
