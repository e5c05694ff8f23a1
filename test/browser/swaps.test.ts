import { rm } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { createPublicClient, createWalletClient, decodeFunctionData, erc20Abi, formatUnits, http, parseAbi, parseUnits, type Address, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatTokenAmount } from '../../plugins/account/format/formatTokenAmount.js'
import { formatSwapAmount } from '../../plugins/swaps/swapMath.js'
import { buildTestPage } from '../support/buildTestPage.js'
import { expectNoSeriousAxeViolations } from '../support/expectNoSeriousAxeViolations.js'
import { tabTo } from '../support/keyboard.js'
import { serveDirectory } from '../support/serveDirectory.js'
import { startDemo, type DemoStack } from '../support/startDemo.js'
import { createTestEip1193Wallet } from '../support/wallets/createTestEip1193Wallet.js'
import { recordSentTransactions } from '../support/wallets/recordSentTransactions.js'
import { exposeTestEip1193Wallet } from '../support/wallets/exposeTestEip1193Wallet.js'
import { dialogSettled } from '../support/dialogSettled.js'
import { openSwap as openSwapView, settledQuote } from '../support/swapView.js'

// Swaps on the demo page against the whole local stack: the convert routes, the local Uniswap V2
// pools on 31337 and a real wallet that signs. Every swap is checked on chain.

const MNEMONIC = 'test test test test test test test test test test test junk'
// Dev account #0 seeded the pools (and approved the router doing so); #5 swaps, given USDC by #0.
const OWNER = mnemonicToAccount(MNEMONIC, { addressIndex: 0 })
const SWAPPER = mnemonicToAccount(MNEMONIC, { addressIndex: 5 })
const FUNDED_USDC = parseUnits('1000', 6)
const WALLET_INFO = { uuid: '6d2e8f3b-4c5d-4e6f-9071-8293a4b5c6d7', name: 'Latch Test Wallet', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.latch.testwallet' }
/** Sized for a slow 2-core machine: a quote, a signature and a block each take a moment there. */
const WAIT = { timeout: 20_000 }
const routerAbi = parseAbi(['function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)'])

let stack: DemoStack
beforeAll(async () => {
  stack = await startDemo({ chains: true })
  const owner = createWalletClient({ account: OWNER, transport: http(chainRpc()) })
  const hash = await owner.writeContract({ chain: null, address: contracts().usdc.address, abi: erc20Abi, functionName: 'transfer', args: [SWAPPER.address, FUNDED_USDC] })
  await client().waitForTransactionReceipt({ hash })
}, 240_000)
afterAll(() => stack?.close())

const chainRpc = (chainId = 31337) => `${stack.url}/v1?chainId=eip155:${chainId}&projectId=latch-dev`
const client = () => createPublicClient({ transport: http(chainRpc()) })
const contracts = () => stack.deployment!.evm.find((c) => c.chainId === 31337)!.contracts
const balanceOf = (token: Address) => client().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [SWAPPER.address] })
const quoteOnChain = async (amount: bigint, path: Address[]) => (await client().readContract({ address: contracts().router, abi: routerAbi, functionName: 'getAmountsOut', args: [amount, path] })).at(-1)!
/** What the visitor paid for gas on the transactions the wallet sent. */
const gasPaid = async (hashes: Hex[]) => {
  let total = 0n
  for (const hash of hashes) {
    const receipt = await client().getTransactionReceipt({ hash })
    total += receipt.gasUsed * receipt.effectiveGasPrice
  }
  return total
}

/** The test wallet, recording every prompt it answered and every transaction it sent. */
const recordingWallet = (chains: Record<number, string>, approve?: (method: string) => boolean) =>
  recordSentTransactions(createTestEip1193Wallet({ account: SWAPPER, chains, approve }))

const dialog = (page: Page) => page.getByRole('dialog')
const SHOTS = 'test-results/screenshots'
const shot = (page: Page, view: string) => dialog(page).screenshot({ path: `${SHOTS}/${view}-dark.png`, animations: 'disabled' })

/** A demo page with the swapper's wallet connected through the modal, Account open. */
async function connectedDemo(approve?: (method: string) => boolean, query = '') {
  const recorded = recordingWallet({ 31337: chainRpc(31337), 31338: chainRpc(31338) }, approve)
  const page = await stack.openDemo(query, (p) => exposeTestEip1193Wallet(p, recorded.wallet, WALLET_INFO))
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page.getByRole('button', { name: /Latch Test Wallet/ }).click()
  await page.getByRole('dialog').waitFor({ state: 'hidden', ...WAIT })
  await page.locator('[data-latch-button="account"]').click()
  await page.getByRole('dialog', { name: 'Account' }).waitFor(WAIT)
  // Settled, as a visitor sees it before reaching for Swap: the centred dialog grows as the balances
  // replace their skeleton, and a click aimed at a row while it moves can land beside it.
  await expect.poll(() => page.getByTestId('account-balance').innerText(), WAIT).not.toBe('—')
  await dialog(page).getByRole('list', { name: 'Tokens', exact: true }).waitFor(WAIT)
  return { page, ...recorded }
}

/** On the first token picker showing USDC: the picker's accessibility and its capture. */
const checkPicker = async (page: Page, symbol: string) => {
  if (symbol !== 'USDC') return
  await expectNoSeriousAxeViolations(page)
  await shot(page, 'SwapSelectToken')
}
const openSwap = (page: Page, from: string, to: string) => openSwapView(page, from, to, checkPicker)

describe('a connected visitor on the demo page', () => {
  it("lists the picker's tokens as SPEC §9 says: suggested chips, then the visitor's own tokens, the popular ones, and the rest", async () => {
    const { page } = await connectedDemo()
    await dialog(page).getByRole('button', { name: 'Swap', exact: true }).click()
    await dialog(page).getByRole('button', { name: /the token to receive/ }).click()
    await page.getByRole('dialog', { name: 'Select token' }).waitFor(WAIT)
    // Each entry's symbol: a row's first <bdi>, or a chip's text beside its (hidden) icon glyph.
    const symbols = (name: string) =>
      dialog(page)
        .getByRole('list', { name, exact: true })
        .locator('li button')
        .evaluateAll((buttons) => buttons.map((button) => (button.querySelector('bdi') ?? button.lastChild)?.textContent?.trim()))
    // The swapper holds ETH and the USDC given in beforeAll (this runs before any swap); WETH is
    // on AppKit's popular list, LTK (the local chain's own token) on neither list.
    await expect.poll(() => symbols('Your tokens'), WAIT).toEqual(['ETH', 'USDC'])
    expect(await symbols('Suggested tokens')).toEqual(['ETH', 'USDC', 'WETH'])
    expect(await symbols('Popular')).toEqual(['WETH'])
    expect(await symbols('Tokens')).toEqual(['LTK'])
    // A search shows one list of every match, without the sections.
    await dialog(page).getByLabel('Search token').fill('w')
    await expect.poll(() => symbols('Tokens'), WAIT).toEqual(['WETH'])
    expect(await dialog(page).getByRole('list', { name: 'Popular' }).count()).toBe(0)
    await page.close()
  })

  it('swaps 25 USDC → ETH: approve, then swap, both signed; USDC down by 25 and ETH up by the quote within 1% slippage', async () => {
    const { page, sent, prompts } = await connectedDemo()
    // The analytics events the page posts (POST /e), as the backend receives them.
    const posted: Array<{ event?: string; properties?: Record<string, unknown>; address?: string }> = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/e') posted.push((request.postDataJSON() as { props: (typeof posted)[number] }).props)
    })
    const { usdc, weth, router } = contracts()
    await openSwap(page, 'USDC', 'ETH')
    // What the swapper holds now, whatever ran before in this file.
    const usdcBefore = await balanceOf(usdc.address)
    await expect.poll(() => dialog(page).getByTestId('swap-from-balance').innerText(), WAIT).toBe(`Balance: ${formatSwapAmount(formatUnits(usdcBefore, 6))}`)

    await dialog(page).getByLabel('You pay').fill('25')
    const amount = parseUnits('25', 6)
    const expected = await quoteOnChain(amount, [usdc.address, weth.address])
    expect(await settledQuote(page)).toBe(formatSwapAmount(formatUnits(expected, 18)))
    // Rate, price impact (mostly the pools' 0.3% fee), network fee in USD and SPEC §9's slippage.
    const details = dialog(page).getByRole('definition')
    await expect.poll(() => dialog(page).getByTestId('swap-network-fee').innerText(), WAIT).toMatch(/^(\$\d+\.\d\d|<\$0\.01)$/)
    expect(await dialog(page).getByTestId('swap-rate').innerText()).toMatch(/^1 USDC = 0\.000\d+ ETH$/)
    expect(await dialog(page).getByTestId('swap-price-impact').innerText()).toMatch(/^0\.3\d%$/)
    expect(await dialog(page).getByTestId('swap-slippage').innerText()).toBe('1%')
    expect(await details.count()).toBeGreaterThanOrEqual(4)
    await expectNoSeriousAxeViolations(page)
    await shot(page, 'Swap')

    await dialog(page).getByRole('button', { name: 'Review swap' }).click()
    await page.getByRole('dialog', { name: 'Review swap' }).waitFor(WAIT)
    expect(await dialog(page).getByTestId('swap-preview-pay').innerText()).toBe('25 USDC')
    const swapButton = dialog(page).getByRole('button', { name: 'Swap', exact: true })
    await dialog(page).getByRole('button', { name: 'Approve USDC' }).waitFor(WAIT)
    // Not before the approval.
    expect(await swapButton.isDisabled()).toBe(true)
    await expectNoSeriousAxeViolations(page)
    await shot(page, 'SwapPreview')
    const ethBefore = await client().getBalance({ address: SWAPPER.address })

    await dialog(page).getByRole('button', { name: 'Approve USDC' }).click()
    await dialog(page).getByRole('button', { name: 'USDC approved' }).waitFor(WAIT)
    expect(sent).toHaveLength(1)
    const approval = await client().getTransaction({ hash: sent[0]! })
    expect(approval.to?.toLowerCase()).toBe(usdc.address.toLowerCase())
    expect(decodeFunctionData({ abi: erc20Abi, data: approval.input })).toMatchObject({ functionName: 'approve', args: [router, amount] })

    await expect.poll(() => swapButton.isEnabled(), WAIT).toBe(true)
    await swapButton.click()
    await page.getByRole('dialog', { name: 'Account' }).waitFor(WAIT)
    expect(prompts).toEqual(['eth_sendTransaction', 'eth_sendTransaction'])
    const swap = await client().getTransaction({ hash: sent[1]! })
    expect(swap.to?.toLowerCase()).toBe(router.toLowerCase())

    // On chain: exactly 25 USDC paid, and the ETH received (balance change plus the gas of both
    // transactions) between the slippage's minimum and the quote.
    expect(await balanceOf(usdc.address)).toBe(usdcBefore - amount)
    const received = (await client().getBalance({ address: SWAPPER.address })) - ethBefore + (await gasPaid(sent))
    expect(received).toBeGreaterThanOrEqual((expected * 99n) / 100n)
    expect(received).toBeLessThanOrEqual(expected)
    // The approval was spent by the swap, no more.
    expect(await client().readContract({ address: usdc.address, abi: erc20Abi, functionName: 'allowance', args: [SWAPPER.address, router] })).toBe(0n)
    // Account shows the balances read again after the swap.
    const usdcAfter = `${formatTokenAmount(formatUnits(usdcBefore - amount, 6))} USDC`
    await expect.poll(() => dialog(page).getByRole('list', { name: 'Tokens' }).innerText(), WAIT).toContain(usdcAfter)
    // AppKit's swap events, with the swap's tokens and amounts.
    const swapEvents = () => posted.filter((props) => props.event?.includes('SWAP'))
    await expect.poll(() => swapEvents().map((props) => props.event), WAIT).toEqual(['INITIATE_SWAP', 'SWAP_SUCCESS'])
    expect(swapEvents()[1]).toMatchObject({
      address: SWAPPER.address,
      properties: { network: 'eip155:31337', swapFromToken: 'USDC', swapToToken: 'ETH', swapFromAmount: '25', swapToAmount: formatSwapAmount(formatUnits(expected, 18)) },
    })
    await page.close()
  })

  it('swaps 0.5 ETH → LTK with no approval, by keyboard only: one signature, LTK up by the quote within 1% slippage', async () => {
    const { page, sent, prompts } = await connectedDemo()
    const { ltk, weth, router } = contracts()
    // As a keyboard user does, each view's content is waited for before tabbing through it.
    await dialog(page).getByRole('button', { name: 'Swap', exact: true }).waitFor(WAIT)
    await tabTo(page, 'Swap')
    await page.keyboard.press('Enter')
    await page.getByRole('dialog', { name: 'Swap' }).waitFor(WAIT)
    await dialog(page).getByRole('button', { name: 'ETH: change the token to pay' }).waitFor(WAIT)
    await tabTo(page, 'Select the token to receive')
    await page.keyboard.press('Enter')
    await page.getByRole('dialog', { name: 'Select token' }).waitFor(WAIT)
    await dialog(page).getByRole('button', { name: /^LTK/ }).waitFor(WAIT)
    await tabTo(page, 'Search token')
    await page.keyboard.type('ltk')
    await tabTo(page, /^LTK/)
    await page.keyboard.press('Enter')
    await page.getByRole('dialog', { name: 'Swap' }).waitFor(WAIT)
    await dialog(page).getByRole('button', { name: 'LTK: change the token to receive' }).waitFor(WAIT)
    await tabTo(page, 'You pay')
    await page.keyboard.type('0.5')
    const amount = parseUnits('0.5', 18)
    const expected = await quoteOnChain(amount, [weth.address, ltk.address])
    expect(await settledQuote(page)).toBe(formatSwapAmount(formatUnits(expected, 18)))
    await tabTo(page, 'Review swap')
    await page.keyboard.press('Enter')
    await page.getByRole('dialog', { name: 'Review swap' }).waitFor(WAIT)
    const swapButton = dialog(page).getByRole('button', { name: 'Swap', exact: true })
    await expect.poll(() => swapButton.isEnabled(), WAIT).toBe(true)
    // The native currency needs no approval.
    expect(await dialog(page).getByRole('button', { name: /Approve/ }).count()).toBe(0)
    const ltkBefore = await balanceOf(ltk.address)
    const ethBefore = await client().getBalance({ address: SWAPPER.address })
    await tabTo(page, 'Swap')
    await page.keyboard.press('Enter')
    await page.getByRole('dialog', { name: 'Account' }).waitFor(WAIT)
    expect(prompts).toEqual(['eth_sendTransaction'])
    const swap = await client().getTransaction({ hash: sent[0]! })
    expect(swap.to?.toLowerCase()).toBe(router.toLowerCase())
    expect(swap.value).toBe(amount)
    const received = (await balanceOf(ltk.address)) - ltkBefore
    expect(received).toBeGreaterThanOrEqual((expected * 99n) / 100n)
    expect(received).toBeLessThanOrEqual(expected)
    expect(ethBefore - (await client().getBalance({ address: SWAPPER.address }))).toBe(amount + (await gasPaid(sent)))
    await page.close()
  })

  it("a swap the wallet refuses says 'Signature declined' on the swap step, stays on the review, and moves nothing on chain", async () => {
    let refuse = true
    const { page, sent } = await connectedDemo((method) => !(method === 'eth_sendTransaction' && refuse))
    const { ltk } = contracts()
    await openSwap(page, 'ETH', 'LTK')
    await dialog(page).getByLabel('You pay').fill('0.1')
    await settledQuote(page)
    await dialog(page).getByRole('button', { name: 'Review swap' }).click()
    await page.getByRole('dialog', { name: 'Review swap' }).waitFor(WAIT)
    const swapButton = dialog(page).getByRole('button', { name: 'Swap', exact: true })
    await expect.poll(() => swapButton.isEnabled(), WAIT).toBe(true)
    const ltkBefore = await balanceOf(ltk.address)
    await swapButton.click()
    await expect.poll(() => dialog(page).getByTestId('swap-error').innerText(), WAIT).toBe('Signature declined')
    expect(await page.getByRole('dialog', { name: 'Review swap' }).count()).toBe(1)
    expect(sent).toEqual([])
    expect(await balanceOf(ltk.address)).toBe(ltkBefore)
    // The same button works once the visitor accepts.
    refuse = false
    await swapButton.click()
    await page.getByRole('dialog', { name: 'Account' }).waitFor(WAIT)
    expect(sent).toHaveLength(1)
    expect(await balanceOf(ltk.address)).toBeGreaterThan(ltkBefore)
    await page.close()
  })

  it('refuses an amount above the balance before anything is signed, and reviews a valid amount (light theme, axe clean)', async () => {
    const { page, prompts } = await connectedDemo(undefined, '?theme=light')
    await openSwap(page, 'USDC', 'LTK')
    const usdcHeld = formatUnits(await balanceOf(contracts().usdc.address), 6)
    await expect.poll(() => dialog(page).getByTestId('swap-from-balance').innerText(), WAIT).toBe(`Balance: ${formatSwapAmount(usdcHeld)}`)
    const hint = dialog(page).getByTestId('swap-hint')
    const submit = dialog(page).locator('button[type="submit"]')

    // The button works with an amount the visitor holds.
    await dialog(page).getByLabel('You pay').fill('1')
    await settledQuote(page)
    await expect.poll(() => submit.innerText(), WAIT).toBe('Review swap')
    expect(await submit.isEnabled()).toBe(true)
    await expectNoSeriousAxeViolations(page)

    // One more than the balance: told at once, and the button cannot review it.
    await dialog(page).getByLabel('You pay').fill(String(Number(usdcHeld) + 1))
    await expect.poll(() => hint.innerText(), WAIT).toBe('Insufficient USDC balance')
    expect(await submit.innerText()).toBe('Insufficient USDC balance')
    expect(await submit.isDisabled()).toBe(true)
    await expectNoSeriousAxeViolations(page)
    await submit.click({ force: true })
    expect(await page.getByRole('dialog', { name: 'Swap' }).count()).toBe(1)
    expect(prompts).toEqual([])

    // Max fills exactly the balance, which is accepted again.
    await dialog(page).getByRole('button', { name: 'Max' }).click()
    expect(await dialog(page).getByLabel('You pay').inputValue()).toBe(usdcHeld)
    await expect.poll(() => submit.innerText(), WAIT).toBe('Review swap')
    await page.close()
  })
})

describe('a visitor on a network the host lists but swaps do not serve', () => {
  it("sees the swap form on 31337, then 'Network not supported for Swaps' on 31339", async () => {
    const outdir = await buildTestPage(fileURLToPath(new URL('./fixtures/swapsPage.ts', import.meta.url)))
    const site = await serveDirectory(outdir)
    try {
      const { wallet } = recordingWallet({ 31337: chainRpc(31337), 31339: chainRpc(31337) })
      const context = await stack.browser.newContext()
      const page = await context.newPage()
      await context.addInitScript((config) => Object.assign(window, { __latchSwapsConfig: config }), { apiUrl: stack.url, rpcUrl: chainRpc(31337) })
      await exposeTestEip1193Wallet(page, wallet, WALLET_INFO)
      await page.goto(site.url)
      await page.evaluate(() => (window as unknown as { __latch: { ready: Promise<boolean> } }).__latch.ready)
      await page.evaluate(() => (window as unknown as { __latch: { open(): Promise<void> } }).__latch.open())
      await dialog(page).getByRole('button', { name: /Latch Test Wallet/ }).click()
      // Connected, the modal closes; opened again, it shows Account (SPEC §2).
      await dialog(page).waitFor({ state: 'hidden', ...WAIT })
      await page.evaluate(() => (window as unknown as { __latch: { open(): Promise<void> } }).__latch.open())
      await page.getByRole('dialog', { name: 'Account' }).waitFor(WAIT)

      // On 31337 the form is there: the check below could have passed. (Clicked once Account's box stops growing.)
      await dialogSettled(page)
      await dialog(page).getByRole('button', { name: 'Swap', exact: true }).click()
      await page.getByRole('dialog', { name: 'Swap' }).waitFor(WAIT)
      await dialog(page).getByLabel('You pay').waitFor(WAIT)
      expect(await dialog(page).getByText('Network not supported for Swaps').count()).toBe(0)
      await dialog(page).getByRole('button', { name: 'Back' }).click()

      await dialog(page).getByRole('button', { name: 'Latch Local', exact: true }).click()
      await page.getByRole('dialog', { name: 'Choose Network' }).waitFor(WAIT)
      await dialog(page).getByRole('button', { name: /Latch Local 31339/ }).click()
      await page.getByRole('dialog', { name: 'Account' }).waitFor(WAIT)
      await expect.poll(() => wallet.chainId, WAIT).toBe(31339)
      await dialog(page).getByRole('button', { name: 'Swap', exact: true }).click()
      await page.getByRole('dialog', { name: 'Swap' }).waitFor(WAIT)
      await expect.poll(() => dialog(page).getByRole('alert').innerText(), WAIT).toBe('Network not supported for Swaps')
      expect(await dialog(page).getByLabel('You pay').count()).toBe(0)
      await expectNoSeriousAxeViolations(page)
      await context.close()
    } finally {
      await site.close()
      await rm(outdir, { recursive: true, force: true })
    }
  })
})
