import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Browser } from 'playwright-core'
import { createPublicClient, createWalletClient, erc20Abi, formatUnits, http, parseAbi, parseEther, parseUnits, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { mainnet } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHardhatNode, type HardhatNode } from '../../server/chains/startHardhatNode.js'
import { formatFiat } from '../../plugins/account/format/formatFiat.js'
import { formatSwapAmount } from '../../plugins/swaps/swapMath.js'
import { bundleHostApp, writeReadmeHostPage } from '../support/buildPackedApp.js'
import { launchBrowser } from '../support/launchBrowser.js'
import { activityRowParts } from '../support/activityRowParts.js'
import { createTestEip1193Wallet, type TestEip1193Wallet } from '../support/wallets/createTestEip1193Wallet.js'
import { recordSentTransactions } from '../support/wallets/recordSentTransactions.js'
import { openSwap, settledQuote } from '../support/swapView.js'
import { exposeTestEip1193Wallet } from '../support/wallets/exposeTestEip1193Wallet.js'
import { spawnCli, stopCli, type RunningCli } from '../server/spawnCli.js'
import { FUNDER, MAINNET, placeMainnetContracts } from './support/placeMainnetContracts.js'

// Issue 29: the backend on a chain it does not own. The test, not the backend, starts a hardhat
// node with chain id 1 and places mainnet's contracts at mainnet's addresses; the backend is
// started by its CLI with --no-local-chains and a config naming only that RPC (behind a dead
// upstream it must fall back from), price feeds, the Uniswap V2 addresses and a token-list file.
// The README's host page, unchanged, then runs in Chromium against it.
const repo = resolve(import.meta.dirname, '../..')
const UI = { timeout: 30_000 }
const ETH_USD = 2345.67
const USDC_USD = 0.9997
const WALLET_INFO = { uuid: '0b7a3c2d-1e4f-4a5b-9c6d-7e8f9a0b1c2d', name: 'Latch Test Wallet', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.latch.testwallet' }
const visitor = privateKeyToAccount(generatePrivateKey())

let root: string
let node: HardhatNode
let backend: RunningCli
let browser: Browser
let transferHash: Hex

const nodeClient = () => createPublicClient({ chain: mainnet, transport: http(node.rpcUrl) })
const routerAbi = parseAbi(['function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)'])
const usdcOf = (owner: Address) => nodeClient().readContract({ address: MAINNET.usdc, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'latch-production-'))
  ;[node, browser] = await Promise.all([startHardhatNode({ chainId: 1 }), launchBrowser()])
  await placeMainnetContracts(node.rpcUrl, { ethUsd: ETH_USD, usdcUsd: USDC_USD })
  // The visitor's funds: 2 ETH (a native transfer: no log, so not in Activity) and 25 USDC (a Transfer log).
  const funder = createWalletClient({ chain: mainnet, transport: http(node.rpcUrl), account: FUNDER })
  await nodeClient().waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: visitor.address, value: parseEther('2') }) })
  transferHash = await funder.writeContract({ address: MAINNET.usdc, abi: erc20Abi, functionName: 'transfer', args: [visitor.address, parseUnits('25', 6)] })
  await nodeClient().waitForTransactionReceipt({ hash: transferHash })

  // The operator's files: a Uniswap token list and a config naming only this chain.
  const tokenList = { name: 'Test list', timestamp: new Date().toISOString(), version: { major: 1, minor: 0, patch: 0 }, tokens: [{ chainId: 1, address: MAINNET.usdc, name: 'USD Coin', symbol: 'USDC', decimals: 6 }] }
  await writeFile(join(root, 'tokens.json'), JSON.stringify(tokenList))
  const config = {
    tokenList: 'tokens.json',
    networks: [
      {
        caipNetworkId: 'eip155:1',
        name: 'Ethereum',
        // The first upstream is down: the proxy and the backend's own reads fall back to the node.
        rpcUrls: ['http://127.0.0.1:9/down', node.rpcUrl],
        priceFeeds: { ETH: MAINNET.ethUsdFeed, WETH: MAINNET.ethUsdFeed, USDC: MAINNET.usdcUsdFeed },
        uniswapV2: { router: MAINNET.uniswapV2Router, factory: MAINNET.uniswapV2Factory, weth: MAINNET.weth },
        history: { fromBlock: 0, maxBlockRange: 5 },
      },
    ],
  }
  await writeFile(join(root, 'latch.config.json'), JSON.stringify(config))

  // The README's host page, bundled as a dapp would against the built package (`latch` resolves to this repository).
  const app = join(root, 'app')
  await mkdir(join(app, 'node_modules'), { recursive: true })
  await symlink(repo, join(app, 'node_modules/latch'))
  await mkdir(join(app, 'dist'))
  backend = await spawnCli(['--port', '0', '--data', ':memory:', '--config', join(root, 'latch.config.json'), '--no-local-chains', '--static', join(app, 'dist'), '--quiet'])
  expect(await writeReadmeHostPage(app, new URL(backend.url).host)).toContain('SUPPORTED_NETWORKS')
  await bundleHostApp(app, [join(repo, 'node_modules')])
}, 300_000)

afterAll(async () => {
  await browser?.close()
  if (backend) await stopCli(backend)
  await node?.stop()
  if (root) await rm(root, { recursive: true, force: true })
})

/** The README's page with `wallet` connected through the modal as a visitor does, Account open. */
async function connectedOnReadmePage(wallet: TestEip1193Wallet) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await exposeTestEip1193Wallet(page, wallet, WALLET_INFO)
  await page.goto(`${backend.url}/`)
  const button = page.locator('[data-latch-button="connect"]')
  await expect.poll(() => button.innerText(), UI).toBe('Connect Wallet')
  await button.click()
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /Latch Test Wallet/ }).click(UI)
  await expect.poll(() => button.getAttribute('data-latch-connected'), UI).toBe('')
  await expect.poll(() => button.innerText(), UI).toContain(visitor.address.slice(2, 6))
  await button.click(UI)
  const dialog = page.getByRole('dialog', { name: 'Account' })
  await dialog.waitFor(UI)
  return { context, page, dialog }
}

describe('the backend serving a chain it does not own (chain id 1, mainnet addresses)', () => {
  it('starts no chain of its own and lists only the configured network', async () => {
    // Not even the in-process Solana cluster: it belongs to the local chains.
    expect(await (await fetch(`${backend.url}/v1/supported-chains?projectId=latch-dev`)).json()).toEqual({ http: ['eip155:1'], ws: [] })
    expect(backend.output()).toMatch(/Network eip155:1 \(Ethereum\): 2 upstream RPC\(s\), 1 listed tokens/)
  })

  it("runs the README's page: the visitor connects, sees ETH and USDC with the feeds' USD values, and the USDC transfer in Activity", async () => {
    const { context, dialog } = await connectedOnReadmePage(createTestEip1193Wallet({ account: visitor, chains: { 1: node.rpcUrl } }))
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
    const { context, page } = await connectedOnReadmePage(wallet)
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
