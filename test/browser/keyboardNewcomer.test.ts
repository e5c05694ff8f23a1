import type { Page } from 'playwright-core'
import { createPublicClient, erc20Abi, http, type Address } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tabTo } from '../support/keyboard.js'
import { startDemo, type DemoStack } from '../support/startDemo.js'
import { createTestEip1193Wallet } from '../support/wallets/createTestEip1193Wallet.js'
import { exposeTestEip1193Wallet } from '../support/wallets/exposeTestEip1193Wallet.js'

const MNEMONIC = 'test test test test test test test test test test test junk'
// Dev account #0 holds the test tokens; #4 receives, so this test's balances are its own.
const OWNER = mnemonicToAccount(MNEMONIC, { addressIndex: 0 })
const RECEIVER = mnemonicToAccount(MNEMONIC, { addressIndex: 4 }).address
const WALLET_INFO = { uuid: '7d2e8f3a-4b5c-4e6f-9a7b-8c9d0e1f2a3b', name: 'Latch Test Wallet', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.latch.testwallet' }

let stack: DemoStack
beforeAll(async () => (stack = await startDemo({ chains: true })))
afterAll(() => stack?.close())

const chainRpc = (chainId: number) => `${stack.url}/v1?chainId=eip155:${chainId}&projectId=latch-dev`
const usdcOn = (chainId: number) => stack.deployment!.evm.find((c) => c.chainId === chainId)!.contracts.usdc.address
const usdcBalance = (chainId: number, owner: Address) =>
  createPublicClient({ transport: http(chainRpc(chainId)) }).readContract({
    address: usdcOn(chainId),
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })

const press = (page: Page, key: string) => page.keyboard.press(key)

describe('the newcomer path by keyboard alone', () => {
  it('connects, switches network, sends USDC and disconnects without the mouse', async () => {
    const wallet = createTestEip1193Wallet({ account: OWNER, chains: { 31337: chainRpc(31337), 31338: chainRpc(31338) } })
    const page = await stack.openDemo('', (p) => exposeTestEip1193Wallet(p, wallet, WALLET_INFO))

    await tabTo(page, 'Connect Wallet')
    await press(page, 'Enter')
    await page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor()
    await tabTo(page, /Latch Test Wallet/)
    await press(page, 'Enter')
    await page.getByRole('dialog').waitFor({ state: 'hidden' })
    const account = page.locator('[data-latch-button="account"]')
    await account.waitFor()

    await tabTo(page, new RegExp(`^${OWNER.address.slice(0, 6)}`))
    await press(page, 'Enter')
    await page.getByRole('dialog', { name: 'Account' }).waitFor()
    // As a keyboard user does, wait for the view's content before tabbing through it.
    await page.getByRole('dialog').getByRole('button', { name: 'Latch Local', exact: true }).waitFor()

    await tabTo(page, 'Latch Local')
    await press(page, 'Enter')
    await page.getByRole('dialog', { name: 'Choose Network' }).waitFor()
    await page.getByRole('dialog').getByRole('button', { name: /Latch Local 31338/ }).waitFor()
    await tabTo(page, /Latch Local 31338/)
    await press(page, 'Enter')
    await page.getByRole('dialog', { name: 'Account' }).waitFor()
    await expect.poll(() => wallet.chainId).toBe(31338)

    await tabTo(page, 'Send')
    await press(page, 'Enter')
    await page.getByRole('dialog', { name: 'Send' }).waitFor()
    // The view's chunk may still be loading under the title: its content first, as above.
    await page.getByRole('dialog').getByRole('button', { name: /^Token / }).waitFor()
    await tabTo(page, /^Select token/)
    await press(page, 'Enter')
    await page.getByRole('dialog', { name: 'Select Token' }).getByRole('list', { name: 'Your tokens' }).waitFor()
    await tabTo(page, /^USDC/)
    await press(page, 'Enter')
    await page.getByRole('dialog', { name: 'Send' }).getByRole('button', { name: /^Token USDC/ }).waitFor()
    await tabTo(page, 'Amount')
    await page.keyboard.type('3.25')
    await tabTo(page, 'To')
    await page.keyboard.type(RECEIVER)
    const before = await usdcBalance(31338, RECEIVER)
    await tabTo(page, 'Send')
    await press(page, 'Enter')
    await page.getByRole('dialog', { name: 'Account' }).waitFor()
    await expect.poll(() => usdcBalance(31338, RECEIVER)).toBe(before + 3_250_000n)

    await tabTo(page, 'Disconnect')
    await press(page, 'Enter')
    await page.getByRole('dialog').waitFor({ state: 'hidden' })
    await page.getByRole('button', { name: 'Connect Wallet' }).waitFor()
    await page.close()
  })
})
