import type { Page } from 'playwright-core'
import { createWalletClient, http, parseAbi, parseEther, type Address, type Chain } from 'viem'
import { mnemonicToAccount, type HDAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatTokenAmount } from '../../plugins/account/format/formatTokenAmount.js'
import { expectNoSeriousAxeViolations } from '../support/expectNoSeriousAxeViolations.js'
import { startDemo, type DemoStack } from '../support/startDemo.js'
import { createTestEip1193Wallet } from '../support/wallets/createTestEip1193Wallet.js'
import { exposeTestEip1193Wallet } from '../support/wallets/exposeTestEip1193Wallet.js'
import { devFetch } from '../support/devRoute.js'
import { activityRowParts } from '../support/activityRowParts.js'
import { shortAddress } from '../../ui-shell/react/shortAddress.js'
import { pickSendToken } from '../support/pickSendToken.js'
import { payCheckout } from '../support/onrampCheckout.js'

const MNEMONIC = 'test test test test test test test test test test test junk'
const devAccount = (addressIndex: number) => mnemonicToAccount(MNEMONIC, { addressIndex })
// #0 holds the Latch Lanterns and the spam NFT; #5 sends the 60 transactions; #6 receives; #7's history fails; #4 buys (#8 is the on-ramp's faucet).
const OWNER = devAccount(0)
const SENDER = devAccount(5)
const RECEIVER = devAccount(6).address
const FAILING = devAccount(7)
const BUYER = devAccount(4)
const WALLET_INFO = { uuid: '7d2e8f3a-4b5c-4d6e-8f70-8192a3b4c5d6', name: 'Latch Test Wallet', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.latch.testwallet' }
const UI = { timeout: 30_000 }
const SLOW = 240_000

let stack: DemoStack
beforeAll(async () => {
  stack = await startDemo({ chains: true })
})
afterAll(() => stack?.close())

const chainRpc = (chainId: number) => `${stack.url}/v1?chainId=eip155:${chainId}&projectId=latch-dev`
const contractsOn = (chainId: number) => stack.deployment!.evm.find((c) => c.chainId === chainId)!.contracts

/** A viem wallet client signing as a dev account on a local chain, through the backend's chain RPC. */
function walletOn(chainId: number, account: HDAccount) {
  const chain: Chain = { id: chainId, name: `Latch Local ${chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [chainRpc(chainId)] } } }
  return createWalletClient({ chain, account, transport: http(chainRpc(chainId)) })
}

/** The demo page with the test wallet as `account`, connected through the modal, Account open on 31337. */
async function connectedPage(account: HDAccount) {
  const wallet = createTestEip1193Wallet({ account, chains: { 31337: chainRpc(31337), 31338: chainRpc(31338) } })
  const page = await stack.openDemo('', (p) => exposeTestEip1193Wallet(p, wallet, WALLET_INFO))
  await page.getByRole('button', { name: 'Connect Wallet' }).click(UI)
  await page.getByRole('button', { name: /Latch Test Wallet/ }).click(UI)
  await page.getByRole('dialog').waitFor({ state: 'hidden', ...UI })
  await page.locator('[data-latch-button="account"]').click(UI)
  await page.getByRole('dialog', { name: 'Account' }).waitFor(UI)
  return page
}

const dialog = (page: Page) => page.getByRole('dialog')
const openTab = (page: Page, name: string) => dialog(page).getByRole('tab', { name, exact: true }).click(UI)
const activityRows = (page: Page) => dialog(page).getByRole('list', { name: 'Activity' }).getByRole('listitem')
const nftNames = (page: Page) => dialog(page).getByRole('list', { name: 'NFTs' }).getByRole('listitem').allInnerTexts()

describe('a visitor with a long history on 31337', () => {
  it('sees the first page, the next one as the list scrolls, never the spam-only transaction, and a send on top once it lands', { timeout: SLOW }, async () => {
    // The spam NFT arrives at #5 first (a transaction of spam only), then #5 sends 60 times.
    const spam = contractsOn(31337).spamNft
    await walletOn(31337, OWNER).writeContract({
      address: spam.address,
      abi: parseAbi(['function transferFrom(address from, address to, uint256 tokenId)']),
      functionName: 'transferFrom',
      args: [OWNER.address, SENDER.address, BigInt(spam.tokenIds[0]!)],
    })
    const sender = walletOn(31337, SENDER)
    for (let i = 0; i < 60; i++) await sender.sendTransaction({ to: RECEIVER, value: parseEther('0.001') })

    const page = await connectedPage(SENDER)
    await openTab(page, 'Activity')
    // The server pages by 50: the first page, and nothing more until the end is scrolled to.
    await expect.poll(() => activityRows(page).count(), UI).toBe(50)
    expect(await dialog(page).getByRole('list', { name: 'Activity' }).innerText()).not.toContain('Claim Your Reward')
    await activityRows(page).last().scrollIntoViewIfNeeded(UI)
    await expect.poll(() => activityRows(page).count(), UI).toBe(60)
    expect(await dialog(page).getByRole('list', { name: 'Activity' }).innerText()).not.toContain('Claim Your Reward')
    await expectNoSeriousAxeViolations(page)

    // A send through the modal: back on Account, it heads the Activity list.
    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click(UI)
    await page.getByRole('dialog', { name: 'Send' }).waitFor(UI)
    await pickSendToken(page, 'ETH')
    await dialog(page).getByLabel('Amount').fill('0.25')
    await dialog(page).getByLabel('To', { exact: true }).fill(RECEIVER)
    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click(UI)
    await page.getByRole('dialog', { name: 'Account' }).waitFor(UI)
    await openTab(page, 'Activity')
    await expect.poll(() => activityRows(page).first().innerText(), UI).toContain(`${formatTokenAmount('0.25')} ETH`)
    // Issue 27: the row says what happened, to whom and when, the signed amount and how it ended.
    const sent = await activityRowParts(activityRows(page).first())
    expect(sent).toMatchObject({ title: 'Sent', amount: `-${formatTokenAmount('0.25')} ETH`, status: 'Confirmed' })
    expect(sent.detail.toLowerCase()).toBe(`To ${shortAddress(RECEIVER)}`.toLowerCase())
    expect(sent.date).toMatch(/^\w{3} \d{1,2}, \d{1,2}:\d{2}/)
    expect(await activityRows(page).count()).toBe(50)
  })
})

describe('a visitor who bought USDC through the on-ramp', () => {
  it('sees the purchase at the top of Activity, once', { timeout: SLOW }, async () => {
    // The order and its payment, as the on-ramp test checkout (its own origin) makes them.
    const order = await fetch(`${stack.url}/v1/generators/onrampurl?projectId=latch-dev`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ destinationWallets: [{ address: BUYER.address, blockchains: ['latch-local'], assets: ['USDC'] }], presetCryptoAmount: 7 }),
    })
    const { url } = (await order.json()) as { url: string }
    expect((await payCheckout(url)).status).toBe(200)

    const page = await connectedPage(BUYER)
    await openTab(page, 'Activity')
    await expect.poll(() => activityRows(page).first().innerText(), UI).toContain(`${formatTokenAmount('7')} USDC`)
    expect(await activityRowParts(activityRows(page).first())).toMatchObject({ title: 'Bought', amount: `+${formatTokenAmount('7')} USDC`, status: 'Confirmed' })
    expect(await activityRows(page).count()).toBe(1)
  })
})

describe('a visitor whose history the server cannot read', () => {
  it("sees 'Failed to fetch transactions' once and an empty list", { timeout: SLOW }, async () => {
    const fault = await devFetch({ url: stack.url, adminToken: stack.adminToken! }, `/dev/history-fault/${FAILING.address}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ failing: true }),
    })
    expect(fault.status).toBe(200)
    const page = await connectedPage(FAILING)
    const historyReads: string[] = []
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('/history')) historyReads.push(`${response.status()}`)
    })
    await openTab(page, 'Activity')
    const snackbar = page.locator('.snackbar', { hasText: 'Failed to fetch transactions' })
    await snackbar.waitFor(UI)
    await expect.poll(() => dialog(page).getByRole('tabpanel').innerText(), UI).toContain('No activity yet.')
    // The snackbar hides itself; no retry brings it back.
    await snackbar.waitFor({ state: 'hidden', ...UI })
    expect(await page.locator('.snackbar', { hasText: 'Failed to fetch transactions' }).count()).toBe(0)
    // One read of the history and one of the purchases; no page after the failure.
    expect(historyReads.length).toBe(2)
  })
})

describe('the dev account holding the Latch Lanterns', () => {
  it('sees the three Lanterns by name, and no longer the one it transferred', { timeout: SLOW }, async () => {
    const page = await connectedPage(OWNER)
    await openTab(page, 'NFTs')
    await expect.poll(() => nftNames(page), UI).toEqual(['Latch Lanterns #0', 'Latch Lanterns #1', 'Latch Lanterns #2'])
    await expectNoSeriousAxeViolations(page)

    const lanterns = contractsOn(31337).nft
    const receiver: Address = RECEIVER
    await walletOn(31337, OWNER).writeContract({
      address: lanterns.address,
      abi: parseAbi(['function transferFrom(address from, address to, uint256 tokenId)']),
      functionName: 'transferFrom',
      args: [OWNER.address, receiver, 1n],
    })
    // The tab reads what the account holds each time it opens.
    await openTab(page, 'Tokens')
    await openTab(page, 'NFTs')
    await expect.poll(() => nftNames(page), UI).toEqual(['Latch Lanterns #0', 'Latch Lanterns #2'])
  })
})
