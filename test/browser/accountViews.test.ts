import { mkdirSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { createPublicClient, erc20Abi, formatEther, formatUnits, http, type Address } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatBalance } from '../../plugins/account/format/formatBalance.js'
import { formatTokenAmount } from '../../plugins/account/format/formatTokenAmount.js'
import { expectNoSeriousAxeViolations } from '../support/expectNoSeriousAxeViolations.js'
import { openDemoFor } from '../support/modalViews.js'
import { overflowingElements } from '../support/pointerReach.js'
import { startDemo, type DemoStack } from '../support/startDemo.js'
import { createTestEip1193Wallet } from '../support/wallets/createTestEip1193Wallet.js'
import { exposeTestEip1193Wallet } from '../support/wallets/exposeTestEip1193Wallet.js'
import { pickSendToken } from '../support/pickSendToken.js'

const MNEMONIC = 'test test test test test test test test test test test junk'
// Dev account #0 holds the test tokens on both local chains; #2 receives.
const OWNER = mnemonicToAccount(MNEMONIC, { addressIndex: 0 })
const RECEIVER = mnemonicToAccount(MNEMONIC, { addressIndex: 2 }).address
const WALLET_INFO = { uuid: '5c1d7e2a-3b4c-4d5e-8f60-718293a4b5c6', name: 'Latch Test Wallet', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.latch.testwallet' }
const SHOTS = 'test-results/screenshots'

let stack: DemoStack
beforeAll(async () => {
  stack = await startDemo({ chains: true })
  mkdirSync(SHOTS, { recursive: true })
})
afterAll(() => stack?.close())

const chainRpc = (chainId: number) => `${stack.url}/v1?chainId=eip155:${chainId}&projectId=latch-dev`
const client = (chainId: number) => createPublicClient({ transport: http(chainRpc(chainId)) })
const usdcOn = (chainId: number) => stack.deployment!.evm.find((c) => c.chainId === chainId)!.contracts.usdc.address
const usdcBalance = (chainId: number, owner: Address) =>
  client(chainId).readContract({ address: usdcOn(chainId), abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

/** A page on the demo with a fresh test wallet, connected through the modal, Account open. */
async function connectedPage(options: { theme?: 'dark' | 'light'; approve?: (method: string) => boolean | Promise<boolean>; extraChains?: Record<number, string> } = {}) {
  const wallet = createTestEip1193Wallet({
    account: OWNER,
    chains: { 31337: chainRpc(31337), 31338: chainRpc(31338), ...options.extraChains },
    approve: options.approve,
  })
  const page = await stack.openDemo(options.theme === 'light' ? '?theme=light' : '', (p) => exposeTestEip1193Wallet(p, wallet, WALLET_INFO))
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page.getByRole('button', { name: /Latch Test Wallet/ }).click()
  await page.getByRole('dialog').waitFor({ state: 'hidden' })
  await page.locator('[data-latch-button="account"]').click()
  await page.getByRole('dialog', { name: 'Account' }).waitFor()
  return { page, wallet }
}

const dialog = (page: Page) => page.getByRole('dialog')
const snackbar = (page: Page) => page.locator('.snackbar')

describe('a newcomer after connecting', () => {
  it('sees the on-chain balance, switches 31337 → 31338, sends USDC, disconnects, and stays disconnected after a reload', async () => {
    const { page, wallet } = await connectedPage()

    // The balance the chain holds, floored to 3 decimals (SPEC §5), and the USDC balance with 2.
    const native = formatBalance(formatEther(await client(31337).getBalance({ address: OWNER.address })))!
    await expect.poll(() => dialog(page).getByTestId('account-balance').innerText()).toBe(`${native} ETH`)
    const usdc = formatTokenAmount(formatUnits(await usdcBalance(31337, OWNER.address), 6))
    const tokens = dialog(page).getByRole('list', { name: 'Tokens' })
    await expect.poll(() => tokens.innerText()).toContain(`${usdc} USDC`)
    expect(await tokens.innerText()).not.toContain('DUST') // 0 decimals: hidden (SPEC §5)

    // Switch network: the wallet follows.
    await dialog(page).getByRole('button', { name: 'Latch Local', exact: true }).click()
    await page.getByRole('dialog', { name: 'Choose Network' }).waitFor()
    await dialog(page).getByRole('button', { name: /Latch Local 31338/ }).click()
    await page.getByRole('dialog', { name: 'Account' }).waitFor()
    await expect.poll(() => wallet.chainId).toBe(31338)
    await dialog(page).getByRole('button', { name: 'Latch Local 31338', exact: true }).waitFor()

    // Send 12.5 USDC on 31338 to dev account #2.
    const before = await usdcBalance(31338, RECEIVER)
    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
    await page.getByRole('dialog', { name: 'Send' }).waitFor()
    await pickSendToken(page, 'USDC')
    await dialog(page).getByLabel('Amount').fill('12.5')
    await dialog(page).getByLabel('To', { exact: true }).fill(RECEIVER)
    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
    await page.getByRole('dialog', { name: 'Account' }).waitFor()
    await expect.poll(() => usdcBalance(31338, RECEIVER)).toBe(before + 12_500_000n)

    // Disconnect, then reload: still disconnected.
    await dialog(page).getByRole('button', { name: 'Disconnect' }).click()
    await dialog(page).waitFor({ state: 'hidden' })
    await page.getByRole('button', { name: 'Connect Wallet' }).waitFor()
    await page.reload()
    await page.getByRole('button', { name: 'Connect Wallet' }).waitFor()
    // The connectors plugin reports 'loaded' only once its restore of the saved connection has
    // run (SPEC §4): from then on, no account button means nothing was restored.
    await page.getByRole('list', { name: 'Plugins' }).getByRole('listitem').filter({ hasText: 'connectors: loaded' }).waitFor()
    expect(await page.locator('[data-latch-button="account"]').count()).toBe(0)
    await page.close()
  })

  it("a send the wallet rejects shows 'Signature declined' (SPEC §8) and stays on Send", async () => {
    const { page } = await connectedPage({ approve: (method) => method !== 'eth_sendTransaction' })
    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
    await page.getByRole('dialog', { name: 'Send' }).waitFor()
    // Issue 27: an untouched form shows no rule; the first one shows once the visitor types.
    await dialog(page).getByLabel('Amount').waitFor()
    expect(await dialog(page).getByTestId('send-hint').innerText()).toBe('')
    expect(await dialog(page).getByRole('button', { name: 'Send', exact: true }).isDisabled()).toBe(true)
    await dialog(page).getByLabel('Amount').fill('1')
    expect(await dialog(page).getByTestId('send-hint').innerText()).toBe('An amount and receiver address are required')
    await dialog(page).getByLabel('To', { exact: true }).fill(RECEIVER)
    expect(await dialog(page).getByTestId('send-hint').innerText()).toBe('A token is required')
    await pickSendToken(page, 'USDC')
    const before = await usdcBalance(31337, RECEIVER)
    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
    await expect.poll(() => snackbar(page).innerText()).toBe('Signature declined')
    expect(await page.getByRole('dialog', { name: 'Send' }).count()).toBe(1)
    expect(await usdcBalance(31337, RECEIVER)).toBe(before)
    await page.close()
  })
})

describe.each(['dark', 'light'] as const)('every account view in the %s theme', (theme) => {
  it('passes axe on Account and Send, and is captured', async () => {
    let holdSwitch = false
    let releaseSwitch: ((approved: boolean) => void) | undefined
    const { page, wallet } = await connectedPage({
      theme,
      // While held, a network switch waits for the test, so SwitchNetwork can be seen; then it is refused.
      approve: (method) =>
        method === 'wallet_switchEthereumChain' && holdSwitch ? new Promise<boolean>((resolve) => (releaseSwitch = resolve)) : true,
      // Chain 1 is known to the wallet but not listed by the host.
      extraChains: { 1: chainRpc(31337) },
    })
    const shot = (view: string) => dialog(page).screenshot({ path: `${SHOTS}/${view}-${theme}.png`, animations: 'disabled' })

    await expect.poll(() => dialog(page).getByRole('list', { name: 'Tokens' }).count()).toBe(1)
    await expectNoSeriousAxeViolations(page)
    await shot('Account')

    await dialog(page).getByRole('button', { name: 'Latch Local', exact: true }).click()
    await page.getByRole('dialog', { name: 'Choose Network' }).waitFor()
    // Each view loads on first use: the shot waits for its content, not its loading state.
    await dialog(page).getByRole('list', { name: 'Networks' }).waitFor()
    await shot('Networks')
    holdSwitch = true
    await dialog(page).getByRole('button', { name: /Latch Local 31338/ }).click()
    await page.getByRole('dialog', { name: 'Latch Local 31338' }).waitFor()
    await expect.poll(() => releaseSwitch !== undefined).toBe(true)
    await dialog(page).getByText('Approve in wallet').waitFor()
    await shot('SwitchNetwork')
    // A refused switch goes back one view (SPEC §2).
    releaseSwitch!(false)
    holdSwitch = false
    await page.getByRole('dialog', { name: 'Choose Network' }).waitFor()
    expect(wallet.chainId).toBe(31337)
    expect(await snackbar(page).innerText()).toBe('Switch declined')
    await snackbar(page).waitFor({ state: 'detached' })
    await dialog(page).getByRole('button', { name: 'Back' }).click()

    await dialog(page).getByRole('button', { name: 'Connected wallets' }).click()
    await page.getByRole('dialog', { name: 'Connected Wallets' }).waitFor()
    await dialog(page).getByRole('list', { name: 'Connected wallets' }).waitFor()
    await shot('ProfileWallets')
    await dialog(page).getByRole('button', { name: 'Back' }).click()

    await dialog(page).getByRole('button', { name: 'Receive', exact: true }).click()
    await page.getByRole('dialog', { name: 'Receive' }).waitFor()
    await dialog(page).getByRole('img', { name: 'Address QR code' }).waitFor()
    // Issue 27: the address in two balanced lines, never a lone character on the last one.
    const lines = await dialog(page).locator('.address-text > span').allInnerTexts()
    expect(lines.map((line) => line.length)).toEqual([21, 21])
    expect(lines.join('')).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await shot('Receive')
    await dialog(page).getByRole('button', { name: 'Back' }).click()

    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
    await page.getByRole('dialog', { name: 'Send' }).waitFor()
    await dialog(page).getByLabel('Amount').fill('5')
    await expectNoSeriousAxeViolations(page)
    await shot('Send')
    await dialog(page).getByRole('button', { name: 'Back' }).click()
    await page.getByRole('dialog', { name: 'Account' }).waitFor()

    // The wallet moves itself to a chain the host does not list: UnsupportedChain opens.
    await wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })
    await page.getByRole('dialog', { name: 'Switch Network' }).waitFor()
    await dialog(page).getByRole('list', { name: 'Networks' }).waitFor()
    await shot('UnsupportedChain')
    await page.close()
  })
})

describe('an email user with a 40-character address, on a 360 px phone', () => {
  it('sees the address short with copy, the email cut after 30 characters with an ellipsis, and every action on one line', async () => {
    const email = 'account.view.forty.characters@latch.test'
    expect(email).toHaveLength(40)
    const page = await openDemoFor(stack, 'email', { email, viewport: { width: 360, height: 780 }, clipboard: true })
    const identity = dialog(page).locator('.identity')

    // SPEC §5: above 30 characters, the first 30 and an ellipsis; shown whole, not clipped by the dialog.
    const name = identity.locator('.name')
    await expect.poll(() => name.textContent()).toBe(`${email.slice(0, 30)}…`)
    expect(await overflowingElements(page)).toEqual([])

    // The address, short, and its copy button copies it whole.
    await dialog(page).getByRole('button', { name: 'Copy address' }).click()
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^0x[0-9a-fA-F]{40}$/)
    const address = await page.evaluate(() => navigator.clipboard.readText())
    expect(await identity.locator('.address').textContent()).toBe(`${address.slice(0, 6)}…${address.slice(-4)}`)

    // The actions are rows whose labels fit on one line, unshortened.
    const labels = dialog(page).getByRole('list', { name: 'Actions' }).locator('.row-label')
    expect(await labels.allTextContents()).toEqual(expect.arrayContaining(['Send', 'Receive', 'Choose a name']))
    const cut = await labels.evaluateAll((spans) =>
      spans.filter((span) => span.scrollWidth > span.clientWidth).map((span) => span.textContent),
    )
    expect(cut).toEqual([])
    await page.close()
  })
})
