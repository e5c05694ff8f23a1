import type { Browser } from 'playwright-core'
import { createPublicClient, createWalletClient, erc20Abi, formatUnits, http, parseAbi, parseEther, parseUnits, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { mainnet } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HardhatNode } from '../../server/chains/startHardhatNode.js'
import { formatFiat } from '../../plugins/account/format/formatFiat.js'
import { formatSwapAmount } from '../../plugins/swaps/swapMath.js'
import { launchBrowser } from '../support/launchBrowser.js'
import { activityRowParts } from '../support/activityRowParts.js'
import { createTestEip1193Wallet } from '../support/wallets/createTestEip1193Wallet.js'
import { recordSentTransactions } from '../support/wallets/recordSentTransactions.js'
import { openSwap, settledQuote } from '../support/swapView.js'
import type { RunningCli } from '../server/spawnCli.js'
import { connectedOnReadmePage } from './support/connectedOnReadmePage.js'
import { FUNDER, MAINNET } from './support/placeMainnetContracts.js'
import { ETH_USD, USDC_USD, startMainnetShapedStack, type MainnetShapedStack } from './support/startMainnetShapedStack.js'

// Issue 29: the backend on a chain it does not own (startMainnetShapedStack: chain id 1 with
// mainnet's contracts placed by the test, the backend by its CLI with --no-local-chains and a
// config naming only that RPC). The README's host page, unchanged, runs in Chromium against it.
const UI = { timeout: 30_000 }
const visitor = privateKeyToAccount(generatePrivateKey())

let stack: MainnetShapedStack
let node: HardhatNode
let backend: RunningCli
let browser: Browser
let transferHash: Hex

const nodeClient = () => createPublicClient({ chain: mainnet, transport: http(node.rpcUrl) })
const routerAbi = parseAbi(['function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)'])
const usdcOf = (owner: Address) => nodeClient().readContract({ address: MAINNET.usdc, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

beforeAll(async () => {
  ;[stack, browser] = await Promise.all([
    startMainnetShapedStack({
      // The visitor's funds: 2 ETH (a native transfer: no log, so not in Activity) and 25 USDC (a Transfer log).
      async onChain(started) {
        node = started
        const funder = createWalletClient({ chain: mainnet, transport: http(node.rpcUrl), account: FUNDER })
        await nodeClient().waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: visitor.address, value: parseEther('2') }) })
        transferHash = await funder.writeContract({ address: MAINNET.usdc, abi: erc20Abi, functionName: 'transfer', args: [visitor.address, parseUnits('25', 6)] })
        await nodeClient().waitForTransactionReceipt({ hash: transferHash })
      },
    }),
    launchBrowser(),
  ])
  backend = stack.backend
}, 300_000)

afterAll(async () => {
  await browser?.close()
  await stack?.close()
})

describe('the backend serving a chain it does not own (chain id 1, mainnet addresses)', () => {
  it('starts no chain of its own and lists only the configured network', async () => {
    // Not even the in-process Solana cluster: it belongs to the local chains.
    expect(await (await fetch(`${backend.url}/v1/supported-chains?projectId=latch-dev`)).json()).toEqual({ http: ['eip155:1'], ws: [] })
    expect(backend.output()).toMatch(/Network eip155:1 \(Ethereum\): 2 upstream RPC\(s\), 1 listed tokens/)
  })

  it("runs the README's page: the visitor connects, sees ETH and USDC with the feeds' USD values, and the USDC transfer in Activity", async () => {
    const { context, dialog } = await connectedOnReadmePage(browser, backend.url, createTestEip1193Wallet({ account: visitor, chains: { 1: node.rpcUrl } }), visitor.address)
    await expect.poll(() => dialog.getByTestId('account-balance').innerText(), UI).toBe('2 ETH')
    const tokens = dialog.getByRole('list', { name: 'Tokens' })
    await expect.poll(() => tokens.innerText(), UI).toContain(formatFiat('2', ETH_USD)!)
    await expect.poll(() => tokens.innerText(), UI).toContain('USDC')
    expect(await tokens.innerText()).toContain(formatFiat('25', USDC_USD)!)

    await dialog.getByRole('tab', { name: 'Activity', exact: true }).click(UI)
    const rows = dialog.getByRole('list', { name: 'Activity' }).getByRole('listitem')
    await expect.poll(() => rows.count(), UI).toBe(1)
    expect(await activityRowParts(rows.first())).toMatchObject({ title: 'Received', status: 'Confirmed' })
    expect((await activityRowParts(rows.first())).amount).toContain('25')
    await context.close()
  })

  it("swaps ETH for USDC in the modal through the router at mainnet's address: the wallet signs, the USDC received is the router's quote within the slippage", async () => {
    const amount = parseEther('0.1')
    // The router's own quote, read on the node: what the modal must show and the swap must pay.
    const [, quoted] = await nodeClient().readContract({ address: MAINNET.uniswapV2Router, abi: routerAbi, functionName: 'getAmountsOut', args: [amount, [MAINNET.weth, MAINNET.usdc]] })
    // The pool holds 500 ETH at the feed's price: 0.1 ETH is about 234 USDC, less the 0.3% fee.
    expect(Number(quoted) / 1e6).toBeGreaterThan(ETH_USD * 0.1 * 0.99)

    const { wallet, sent, prompts } = recordSentTransactions(createTestEip1193Wallet({ account: visitor, chains: { 1: node.rpcUrl } }))
    const { context, page } = await connectedOnReadmePage(browser, backend.url, wallet, visitor.address)
    await openSwap(page, 'ETH', 'USDC')
    await page.getByRole('dialog').getByLabel('You pay').fill('0.1')
    expect(await settledQuote(page)).toBe(formatSwapAmount(formatUnits(quoted!, 6)))
    await page.getByRole('dialog').getByRole('button', { name: 'Review swap' }).click(UI)
    await page.getByRole('dialog', { name: 'Review swap' }).waitFor(UI)
    const swapButton = page.getByRole('dialog').getByRole('button', { name: 'Swap', exact: true })
    await expect.poll(() => swapButton.isEnabled(), UI).toBe(true)
    const before = await usdcOf(visitor.address)
    await swapButton.click()
    await page.getByRole('dialog', { name: 'Account' }).waitFor(UI)

    // One signature (ETH needs no approval), a transaction to the router at mainnet's address.
    expect(prompts).toEqual(['eth_sendTransaction'])
    const [hash] = sent
    const receipt = await nodeClient().waitForTransactionReceipt({ hash: hash! })
    expect(receipt.status).toBe('success')
    const swap = await nodeClient().getTransaction({ hash: hash! })
    expect(swap.to?.toLowerCase()).toBe(MAINNET.uniswapV2Router.toLowerCase())
    expect(swap.value).toBe(amount)
    // On chain: the USDC received is the quote, never less than the 1% slippage allows.
    const received = (await usdcOf(visitor.address)) - before
    expect(received).toBeGreaterThanOrEqual((quoted! * 99n) / 100n)
    expect(received).toBeLessThanOrEqual(quoted!)
    const pair = await nodeClient().readContract({ address: MAINNET.uniswapV2Factory, abi: parseAbi(['function getPair(address, address) view returns (address)']), functionName: 'getPair', args: [MAINNET.usdc, MAINNET.weth] })
    expect(await nodeClient().readContract({ address: MAINNET.weth, abi: erc20Abi, functionName: 'balanceOf', args: [pair] })).toBe(parseEther('500.1'))
    await context.close()

    // History from the logs: the swap's USDC arrives, the earlier transfer stays, native transfers are said to be unavailable.
    const history = (await (await fetch(`${backend.url}/v1/account/${visitor.address}/history?projectId=latch-dev&chainId=eip155:1`)).json()) as { data: { id: string }[]; nativeTransfers?: string }
    expect(history.data.map((entry) => entry.id)).toEqual([hash, transferHash])
    expect(history.nativeTransfers).toBe('unavailable')
  })
})
