import { fileURLToPath } from 'node:url'
import { getAssociatedTokenAddressSync } from '@solana/spl-token'
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js'
import type { Page } from 'playwright-core'
import { createPublicClient, erc20Abi, http, type Address } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatFiat } from '../../plugins/account/format/formatFiat.js'
import { openKitPage } from '../support/openKitPage.js'
import { startPageOnBackend, type PageOnBackend } from '../support/startPageOnBackend.js'
import { createTestEip1193Wallet } from '../support/wallets/createTestEip1193Wallet.js'
import { exposeTestEip1193Wallet } from '../support/wallets/exposeTestEip1193Wallet.js'
import { activityRowParts } from '../support/activityRowParts.js'
import { pickSendToken } from '../support/pickSendToken.js'

// Issue 14, Send completed: the receiver's profile as the visitor types, the network balance in
// USD, and Solana sends (SOL and an SPL token) through the same view, each checked on chain and
// then listed in Activity (issue 13: Solana activity).
const WAIT = { timeout: 20_000 }
const MNEMONIC = 'test test test test test test test test test test test junk'
// Dev account #0 holds the test tokens; #11 registers a name and receives.
const OWNER = mnemonicToAccount(MNEMONIC, { addressIndex: 0 })
const NAMED = mnemonicToAccount(MNEMONIC, { addressIndex: 11 })
const NAME = 'lamplighter.reown.id'
const AVATAR = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="orange"/></svg>')}`
const WALLET_INFO = { uuid: '9b7d8c2e-1f3a-4b5c-8d6e-7f8091a2b3c4', name: 'Latch Test Wallet', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.latch.testwallet' }

let stack: PageOnBackend
let backend: PageOnBackend['backend']
let browser: PageOnBackend['browser']

beforeAll(async () => {
  stack = await startPageOnBackend(fileURLToPath(new URL('./fixtures/sendPage.ts', import.meta.url)), { nameSuffix: '.reown.id' })
  ;({ backend, browser } = stack)
  // The receiver registers a name with an avatar, signed as the name service requires.
  const message = JSON.stringify({ name: 'lamplighter', attributes: { avatar: AVATAR }, timestamp: Math.floor(Date.now() / 1000) })
  const response = await fetch(`${backend.url}/v1/profile/account?projectId=latch-dev`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ coin_type: (0x80000000 | 31337) >>> 0, address: NAMED.address, message, signature: await NAMED.signMessage({ message }) }),
  })
  expect(response.status).toBe(200)
}, 300_000)
afterAll(() => stack?.close())

const dialog = (page: Page) => page.getByRole('dialog')
const evm = () => backend.deployment.evm.find((chain) => chain.chainId === 31337)!
const usdcBalance = (owner: Address) =>
  createPublicClient({ transport: http(evm().rpcUrl) }).readContract({ address: evm().contracts.usdc.address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

/** The send page on the backend's origin, a wallet connected through the modal, Send open. */
async function openSend(walletName: RegExp, prepare?: (page: Page) => Promise<void>): Promise<Page> {
  const { solana } = backend.deployment
  const config = {
    apiUrl: backend.url,
    evmRpcUrl: evm().rpcUrl,
    solana: { rpcUrl: solana.rpcUrl, genesisHash: solana.genesisHash, secretKey: solana.devWalletSecretKey },
  }
  const page = await openKitPage({ browser, url: backend.url, configName: '__latchSendConfig', config, prepare })
  await dialog(page).getByRole('button', { name: walletName }).click(WAIT)
  await dialog(page).waitFor({ state: 'hidden', ...WAIT })
  await page.evaluate(() => (window as any).__latch.open())
  await page.getByRole('dialog', { name: 'Account' }).waitFor(WAIT)
  await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
  await page.getByRole('dialog', { name: 'Send' }).waitFor(WAIT)
  return page
}

/** What the balance route says the native coin is worth, as the view must show it. */
async function networkBalanceUsd(address: string, caipNetworkId: string): Promise<string> {
  const query = new URLSearchParams({ projectId: 'latch-dev', currency: 'usd', chainId: caipNetworkId, forceUpdate: 'true' })
  const { balances } = (await (await fetch(`${backend.url}/v1/account/${address}/balance?${query}`)).json()) as {
    balances: Array<{ address?: string; price: number; quantity: { numeric: string } }>
  }
  const native = balances.find((token) => token.address === undefined)!
  return `Network balance ${formatFiat(native.quantity.numeric, native.price)}`
}

describe('Send on eip155', () => {
  it("shows a typed name's profile and the network balance in USD, and sends to the name on chain", async () => {
    const wallet = createTestEip1193Wallet({ account: OWNER, chains: { 31337: evm().rpcUrl } })
    const page = await openSend(/Latch Test Wallet/, (p) => exposeTestEip1193Wallet(p, wallet, WALLET_INFO))

    await expect.poll(() => dialog(page).getByTestId('send-network-balance').innerText(), WAIT).toBe(await networkBalanceUsd(OWNER.address, 'eip155:31337'))

    // The name resolves as the visitor types: its name, the address it points to, its avatar.
    const profile = dialog(page).getByTestId('send-receiver-profile')
    await dialog(page).getByLabel('To', { exact: true }).pressSequentially(NAME)
    await expect.poll(() => profile.innerText(), WAIT).toBe(`${NAME} · ${NAMED.address.slice(0, 6)}…${NAMED.address.slice(-4)}`)
    expect(await profile.locator('img').getAttribute('src')).toBe(AVATAR)

    // Sent to the name: the tokens reach the address it names.
    const before = await usdcBalance(NAMED.address)
    await pickSendToken(page, 'USDC')
    await dialog(page).getByLabel('Amount').fill('3')
    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
    await page.getByRole('dialog', { name: 'Account' }).waitFor(WAIT)
    await expect.poll(() => usdcBalance(NAMED.address), WAIT).toBe(before + 3_000_000n)

    // The reverse lookup: the address typed shows the name registered for it.
    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
    await page.getByRole('dialog', { name: 'Send' }).waitFor(WAIT)
    await dialog(page).getByLabel('To', { exact: true }).fill(NAMED.address)
    await expect.poll(() => dialog(page).getByTestId('send-receiver-profile').innerText(), WAIT).toContain(NAME)
    // A name under the legacy `.wcn.id` suffix resolves to the same address (SPEC §9).
    const legacyName = NAME.replace('.reown.id', '.wcn.id')
    await dialog(page).getByLabel('To', { exact: true }).fill(legacyName)
    await expect.poll(() => dialog(page).getByTestId('send-receiver-profile').innerText(), WAIT).toBe(`${legacyName} · ${NAMED.address.slice(0, 6)}…${NAMED.address.slice(-4)}`)
    // An address with no name shows only itself.
    const stranger = mnemonicToAccount(MNEMONIC, { addressIndex: 12 }).address
    await dialog(page).getByLabel('To', { exact: true }).fill(stranger)
    await expect.poll(() => dialog(page).getByTestId('send-receiver-profile').innerText(), WAIT).toBe(`${stranger.slice(0, 6)}…${stranger.slice(-4)}`)
    await page.close()
  })
})

describe('Send on the local Solana cluster', () => {
  it('sends 0.5 SOL and 10 LUSD through the same view, both landing on chain', async () => {
    const { solana } = backend.deployment
    const connection = new Connection(solana.rpcUrl, 'confirmed')
    const receiver = Keypair.generate().publicKey
    const page = await openSend(/Latch Test Solana/)
    await expect.poll(() => dialog(page).getByTestId('send-network-balance').innerText(), WAIT).toBe(await networkBalanceUsd(solana.devWallet, solana.caipNetworkId))

    const send = async (symbol: string, amount: string) => {
      await pickSendToken(page, symbol)
      await dialog(page).getByLabel('Amount').fill(amount)
      await dialog(page).getByLabel('To', { exact: true }).fill(receiver.toBase58())
      await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
      await page.getByRole('dialog', { name: 'Account' }).waitFor(WAIT)
    }

    await send('SOL', '0.5')
    await expect.poll(() => connection.getBalance(receiver), WAIT).toBe(0.5 * LAMPORTS_PER_SOL)

    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
    await page.getByRole('dialog', { name: 'Send' }).waitFor(WAIT)
    await send('LUSD', '10')
    const ata = getAssociatedTokenAddressSync(new PublicKey(solana.testTokenMint), receiver)
    await expect.poll(async () => (await connection.getTokenAccountBalance(ata).catch(() => undefined))?.value.uiAmountString, WAIT).toBe('10')

    // Both appear in Activity, newest first (the backend reads them from the cluster's transactions).
    await dialog(page).getByRole('tab', { name: 'Activity', exact: true }).click()
    const rows = dialog(page).getByRole('list', { name: 'Activity' }).getByRole('listitem')
    await expect.poll(() => rows.count(), WAIT).toBe(2)
    expect(await activityRowParts(rows.nth(0))).toMatchObject({ title: 'Sent', amount: '-10.00 LUSD', status: 'Confirmed' })
    expect(await activityRowParts(rows.nth(1))).toMatchObject({ title: 'Sent', amount: '-0.50 SOL', status: 'Confirmed' })
    await page.close()
  })
})
