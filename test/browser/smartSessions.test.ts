import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { createPublicClient, encodeFunctionData, erc20Abi, http, parseUnits, toHex, type Address } from 'viem'
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openKitPage } from '../support/openKitPage.js'
import { logInByEmail, newVisitorEmail, walletFrame } from '../support/emailLogin.js'
import { startPageOnBackend, type PageOnBackend } from '../support/startPageOnBackend.js'
import { approveInWalletFrame } from '../support/approveInWalletFrame.js'
import { step } from '../support/step.js'
import { evmClients } from '../server/support.js'
import { loadArtifact } from '../../server/chains/loadArtifact.js'

// Issue 33, smart sessions end to end (SPEC §1, §5, §7): a host with `smartSessions` on asks the
// embedded smart account for "spend up to 10 USDC on this contract for 1 hour", approved once on
// the frame's card; two transfers within it go through with no card; a third over it is refused;
// a revoke from the Account view stops the next; every balance is read on the local chain. Real
// backend (key shares on: the frame signs), real chain, Chromium, createKit with real plugins.
const WAIT = { timeout: 30_000 }

let stack: PageOnBackend
let backend: PageOnBackend['backend']
beforeAll(async () => {
  stack = await startPageOnBackend(fileURLToPath(new URL('./fixtures/emailPage.ts', import.meta.url)), { keyShares: true, host: 'localhost' })
  ;({ backend } = stack)
}, 300_000)
afterAll(() => stack?.close())

const evm = () => backend.deployment.evm.find((chain) => chain.chainId === 31337)!
const chain = () => createPublicClient({ chain: { id: 31337, name: 'Latch Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [evm().rpcUrl] } } }, transport: http(evm().rpcUrl) })
const usdc = (amount: string) => parseUnits(amount, 6)
const balanceOf = (who: Address) => chain().readContract({ address: evm().contracts.usdc.address, abi: erc20Abi, functionName: 'balanceOf', args: [who] })
const dialog = (page: Page) => page.getByRole('dialog')

type Outcome = { result?: any; error?: { code?: unknown; message?: string } }
/** A host provider request; its outcome as data. */
const request = (page: Page, method: string, params?: unknown) => page.evaluate(([method, params]) => (window as any).__latch.request(method, params), [method, params] as const) as Promise<Outcome>

async function openHost(smartSessions: boolean): Promise<Page> {
  const config = { apiUrl: backend.url, rpcUrl: evm().rpcUrl, secureSiteUrl: backend.secureSiteUrl, smartSessions }
  return openKitPage({ browser: stack.browser, url: backend.url, configName: '__latchEmailConfig', config, context: await stack.browser.newContext() })
}

/** The host's transfer under the session: one `transfer` call naming the permission's context. */
const sessionTransfer = (page: Page, from: Address, context: string, to: Address, amount: bigint) =>
  request(page, 'wallet_sendCalls', [
    {
      version: '2.0.0',
      chainId: '0x7a69',
      from,
      calls: [{ to: evm().contracts.usdc.address, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }) }],
      capabilities: { permissions: { context } },
    },
  ])

describe('smart sessions', () => {
  it('grants 10 USDC for an hour on the card, spends within it without a prompt, refuses over it, and stops after a revoke from Account', { timeout: 420_000 }, async () => {
    const page = await openHost(true)
    const account = (await step('the visitor logs in by email: the embedded smart account', () => logInByEmail(page, backend, newVisitorEmail()))) as Address
    await step('the smart account holds 100 USDC', async () => {
      const { walletClient, publicClient } = evmClients(backend, 31337)
      await publicClient.waitForTransactionReceipt({ hash: await walletClient.writeContract({ address: evm().contracts.usdc.address, abi: erc20Abi, functionName: 'transfer', args: [account, usdc('100')] }) })
      expect(await balanceOf(account)).toBe(usdc('100'))
    })

    const granted = await step('the host asks for "spend up to 10 USDC on this contract for 1 hour"; the visitor approves the card once', async () => {
      const expiry = Math.floor(Date.now() / 1000) + 3600
      const asked = request(page, 'wallet_grantPermissions', [
        { chainId: '0x7a69', expiry, permissions: [{ type: 'erc20-token-transfer', data: { address: evm().contracts.usdc.address, allowance: toHex(usdc('10')) } }], policies: [] },
      ])
      const card = walletFrame(page)
      await card.getByText('Allow spending without asking').waitFor(WAIT)
      await card.getByText('10 USDC').waitFor(WAIT)
      await approveInWalletFrame(card)
      const outcome = await asked
      expect(outcome.error).toBeUndefined()
      expect(outcome.result).toMatchObject({ address: account, chainId: '0x7a69', expiry, pci: expect.any(String), context: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/) })
      return outcome.result as { context: Address; pci: string }
    })

    await step('the account keeps the session key on chain, and the backend lists the grant', async () => {
      const [token, , allowance, spent] = (await chain().readContract({ address: account, abi: loadArtifact('LatchSmartAccount').abi, functionName: 'sessions', args: [granted.context] })) as [Address, number, bigint, bigint]
      expect({ token, allowance, spent }).toEqual({ token: evm().contracts.usdc.address, allowance: usdc('10'), spent: 0n })
      const listed = (await (await fetch(`${backend.url}/v1/sessions/${account}?projectId=latch-dev`)).json()) as { pcis: Array<{ pci: string; revokedAt: unknown }> }
      expect(listed.pcis).toEqual([expect.objectContaining({ pci: granted.pci, revokedAt: null })])
    })

    const to = privateKeyToAccount(generatePrivateKey()).address
    await step('two transfers within the limit (4 + 4 USDC) go through with no card', async () => {
      for (const amount of ['4', '4']) {
        // Nobody presses Approve here: a card would leave the request waiting until the test's timeout.
        const sent = await sessionTransfer(page, account, granted.context, to, usdc(amount))
        expect(sent.error).toBeUndefined()
        expect(sent.result).toMatchObject({ id: expect.any(String) })
      }
      expect(await walletFrame(page).getByRole('button', { name: 'Approve' }).isVisible()).toBe(false)
      expect(await balanceOf(to)).toBe(usdc('8'))
      expect(await balanceOf(account)).toBe(usdc('92'))
    })

    await step('wallet_getAssets reads the account\'s native and USDC balances through the frame', async () => {
      const assets = await request(page, 'wallet_getAssets', [{ account, assetFilter: { '0x7a69': [{ address: evm().contracts.usdc.address, type: 'erc20' }] } }])
      expect(assets.result?.['0x7a69']).toEqual([expect.objectContaining({ address: 'native', type: 'native' }), { address: evm().contracts.usdc.address, balance: toHex(usdc('92')), type: 'erc20' }])
    })

    await step('the host page cannot aim the session at another token or another call, and never holds its key', async () => {
      const ltk = await request(page, 'wallet_sendCalls', [
        { version: '2.0.0', chainId: '0x7a69', from: account, calls: [{ to: evm().contracts.ltk.address, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, 1n] }) }], capabilities: { permissions: { context: granted.context } } },
      ])
      expect(ltk.error?.message).toMatch(/Invalid parameters for wallet_sendCalls/)
      const approve = await request(page, 'wallet_sendCalls', [
        { version: '2.0.0', chainId: '0x7a69', from: account, calls: [{ to: evm().contracts.usdc.address, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [to, usdc('50')] }) }], capabilities: { permissions: { context: granted.context } } },
      ])
      expect(approve.error?.message).toMatch(/Invalid parameters for wallet_sendCalls/)
      expect(await chain().readContract({ address: evm().contracts.usdc.address, abi: erc20Abi, functionName: 'allowance', args: [account, to] })).toBe(0n)
      // The key lives in the secure origin's storage; nothing of it reaches the host page.
      const frame = (await (await page.locator('#w3m-iframe').elementHandle())!.contentFrame())!
      const stored = JSON.parse((await frame.evaluate(() => localStorage.getItem('latch-secure-site:smart-sessions'))) ?? '[]') as Array<{ context: string; privateKey: string }>
      const key = stored.find((session) => session.context === granted.context)!.privateKey
      expect(privateKeyToAccount(key as `0x${string}`).address).toBe(granted.context)
      const hostText = await page.evaluate(() => document.documentElement.outerHTML + JSON.stringify(localStorage) + JSON.stringify(sessionStorage))
      expect(hostText).not.toContain(key.slice(2))
    })

    await step('a third over the limit (3 USDC, 2 left) is refused; nothing moves', async () => {
      const refused = await sessionTransfer(page, account, granted.context, to, usdc('3'))
      expect(refused.error?.message).toMatch(/Session permission refused/)
      expect(await balanceOf(to)).toBe(usdc('8'))
    })

    await step('Account lists the permission; Revoke, approved on the card, removes it on chain and at the backend', async () => {
      await page.evaluate(() => (window as any).__latch.open('Account'))
      await dialog(page).getByRole('button', { name: 'Permissions' }).click(WAIT)
      await dialog(page).getByText('Spend up to 10 USDC without asking').waitFor(WAIT)
      await dialog(page).getByRole('button', { name: 'Revoke' }).click(WAIT)
      const card = walletFrame(page)
      await card.getByText('Revoke a spending permission').waitFor(WAIT)
      await approveInWalletFrame(card)
      await dialog(page).getByText('No app can spend from this account without asking.').waitFor(WAIT)
      const [token] = (await chain().readContract({ address: account, abi: loadArtifact('LatchSmartAccount').abi, functionName: 'sessions', args: [granted.context] })) as [Address]
      expect(token).toBe('0x0000000000000000000000000000000000000000')
      const listed = (await (await fetch(`${backend.url}/v1/sessions/${account}?projectId=latch-dev`)).json()) as { pcis: Array<{ revokedAt: unknown }> }
      expect(listed.pcis[0]?.revokedAt).toEqual(expect.any(Number))
    })

    await step('the next transfer, within what was left, is refused; the balances are unchanged on chain', async () => {
      const refused = await sessionTransfer(page, account, granted.context, to, usdc('1'))
      expect(refused.error).toBeDefined()
      expect(await balanceOf(to)).toBe(usdc('8'))
      expect(await balanceOf(account)).toBe(usdc('92'))
    })
  })

  it('are off by default: a host that did not turn them on gets wallet_grantPermissions refused before the frame', { timeout: 240_000 }, async () => {
    const page = await openHost(false)
    await logInByEmail(page, backend, newVisitorEmail())
    const asked = await request(page, 'wallet_grantPermissions', [{ chainId: '0x7a69', expiry: Math.floor(Date.now() / 1000) + 3600, permissions: [{ type: 'erc20-token-transfer', data: { address: evm().contracts.usdc.address, allowance: toHex(usdc('10')) } }] }])
    expect(asked.error).toMatchObject({ code: 4200, message: 'Smart sessions are not enabled for this app' })
    await page.evaluate(() => (window as any).__latch.open('Account'))
    await dialog(page).getByRole('button', { name: 'Update email' }).or(dialog(page).getByRole('button', { name: 'Account type' })).first().waitFor(WAIT)
    expect(await dialog(page).getByRole('button', { name: 'Permissions' }).count()).toBe(0)
  })
})
