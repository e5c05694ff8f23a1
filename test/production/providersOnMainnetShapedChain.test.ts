import { randomBytes } from 'node:crypto'
import type { Browser, Page } from 'playwright-core'
import { createPublicClient, createWalletClient, erc20Abi, http, isAddress, parseEther, parseUnits, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { mainnet } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startGitHubShapedOAuthProvider, type GitHubShapedOAuthProvider } from '../../server/oidc/startGitHubShapedOAuthProvider.js'
import { startHotWalletCheckout } from '../../server/onramp/testCheckout/startHotWalletCheckout.js'
import type { RunningTestCheckout } from '../../server/onramp/testCheckout/startTestCheckout.js'
import { deliveryEvent } from '../../server/onramp/testCheckout/sendTestCheckoutWebhook.js'
import { signWebhook } from '../../server/onramp/providers/webhookSignature.js'
import { launchBrowser } from '../support/launchBrowser.js'
import { checkoutOrderId } from '../support/onrampCheckout.js'
import { createTestEip1193Wallet } from '../support/wallets/createTestEip1193Wallet.js'
import { connectedOnReadmePage } from './support/connectedOnReadmePage.js'
import { FUNDER, MAINNET } from './support/placeMainnetContracts.js'
import { startMainnetShapedStack, type MainnetShapedStack } from './support/startMainnetShapedStack.js'
import { withLoginAndBuyPlugins } from './support/withLoginAndBuyPlugins.js'

// Issue 29: the production backend's real providers, each a stand-in on its own origin speaking
// the real protocol, configured in latch.config.json as an operator would (secrets in the
// environment). Social login: a GitHub-shaped plain OAuth 2.0 provider (explicit endpoints, no
// discovery). On-ramp: a signed-checkout provider that pays on the chain id 1 the backend does not
// own, out of its own funded key, and confirms by a signed webhook.
const UI = { timeout: 30_000 }
const GITHUB = { clientId: 'Iv1.production-suite', clientSecret: randomBytes(24).toString('hex') }
const visitor = privateKeyToAccount(generatePrivateKey())
const checkoutPayer = generatePrivateKey()

let github: GitHubShapedOAuthProvider
let checkout: RunningTestCheckout
let stack: MainnetShapedStack
let browser: Browser

const nodeClient = () => createPublicClient({ chain: mainnet, transport: http(stack.node.rpcUrl) })
const usdcOf = (owner: Address) => nodeClient().readContract({ address: MAINNET.usdc, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
const webhookUrl = () => `${stack.backend.url}/v1/onramp/webhook/${checkout.keys.providerId}`

beforeAll(async () => {
  github = await startGitHubShapedOAuthProvider({ ...GITHUB, redirectUris: () => (stack ? [`${stack.secureSiteUrl}/social/callback`] : []) })
  ;[stack, browser] = await Promise.all([
    startMainnetShapedStack({
      // The provider's hot wallet: a fresh key the test funds on the chain, handed to the stand-in alone.
      async onChain(node) {
        const funder = createWalletClient({ chain: mainnet, transport: http(node.rpcUrl), account: FUNDER })
        const payer = privateKeyToAccount(checkoutPayer).address
        const client = createPublicClient({ chain: mainnet, transport: http(node.rpcUrl) })
        await client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: payer, value: parseEther('5') }) })
        await client.waitForTransactionReceipt({ hash: await funder.writeContract({ address: MAINNET.usdc, abi: erc20Abi, functionName: 'transfer', args: [payer, parseUnits('1000', 6)] }) })
        checkout = await startHotWalletCheckout({
          wallet: { privateKey: checkoutPayer, networks: { 'eip155:1': { rpcUrl: node.rpcUrl, tokens: { USDC: { address: MAINNET.usdc, decimals: 6 } } } } },
          webhookUrl,
        })
      },
      providers: () => ({
        social: {
          github: {
            clientId: GITHUB.clientId,
            authorizationEndpoint: `${github.url}/login/oauth/authorize`,
            tokenEndpoint: `${github.url}/login/oauth/access_token`,
            userinfoEndpoint: `${github.url}/user`,
            emailsEndpoint: `${github.url}/user/emails`,
            scope: 'read:user user:email',
          },
        },
        onramp: { provider: checkout.keys.providerId, checkoutUrl: `${checkout.url}/`, apiKey: checkout.keys.apiKey },
      }),
      env: () => ({ LATCH_SOCIAL_GITHUB_SECRET: GITHUB.clientSecret, LATCH_ONRAMP_SECRET_KEY: checkout.keys.secretKey, LATCH_ONRAMP_WEBHOOK_SECRET: checkout.keys.webhookSecret }),
      hostPage: withLoginAndBuyPlugins,
    }),
    launchBrowser(),
  ])
}, 300_000)

afterAll(async () => {
  await browser?.close()
  await stack?.close()
  await checkout?.close()
  await github?.close()
})

/** The on-ramp orders the backend holds for `address` (its history with `onramp`). */
async function ordersOf(address: Address) {
  const response = await fetch(`${stack.backend.url}/v1/account/${address}/history?projectId=latch-dev&onramp=latch`)
  return ((await response.json()) as { data: { id: string; metadata: { status: string; hash: string } }[] }).data
}

describe('social login through a GitHub-shaped OAuth 2.0 provider (explicit endpoints, no discovery, its own port)', () => {
  it("logs the visitor in from the README page's modal and connects the embedded wallet", async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${stack.backend.url}/`)
    const button = page.locator('[data-latch-button="connect"]')
    await expect.poll(() => button.innerText(), UI).toBe('Connect Wallet')
    await button.click()
    const [popup] = await Promise.all([page.waitForEvent('popup', UI), page.getByRole('dialog').getByRole('button', { name: 'Continue with GitHub' }).click(UI)])
    // The provider's own authorize page, on its own origin: no discovery document was needed.
    await popup.getByLabel('Login').waitFor(UI)
    expect(`${new URL(popup.url()).origin}${new URL(popup.url()).pathname}`).toBe(`${github.url}/login/oauth/authorize`)
    const login = `octocat-${Date.now().toString(36)}`
    await popup.getByLabel('Login').fill(login)
    await popup.getByLabel('Email').fill(`${login}@example.com`)
    await popup.getByRole('button', { name: 'Authorize' }).click()

    await expect.poll(() => button.getAttribute('data-latch-connected'), UI).toBe('')
    await expect.poll(() => popup.isClosed(), UI).toBe(true)
    // Account names the visitor by their GitHub login, above the embedded wallet's address.
    await page.locator('[data-latch-button]').click(UI)
    const account = page.getByRole('dialog', { name: 'Account' })
    await account.locator('.identity .name').getByText(login, { exact: true }).waitFor(UI)
    expect(isAddress((await account.locator('.identity .address').getAttribute('title', UI)) ?? '')).toBe(true)
    await context.close()
  })
})

/** Buys `amountUsd` of USDC from Account's Buy; returns the checkout popup. */
async function buyUsdc(page: Page, amountUsd: string): Promise<Page> {
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Buy', exact: true }).click(UI)
  await page.getByRole('dialog', { name: 'Buy' }).waitFor(UI)
  await expect.poll(() => dialog.getByLabel('You buy', { exact: true }).locator('option[value="USDC"]').count(), UI).toBe(1)
  await dialog.getByLabel('You buy', { exact: true }).selectOption('USDC')
  await dialog.getByLabel('Amount (USD)').fill(amountUsd)
  await expect.poll(() => page.getByTestId('onramp-receive').innerText(), UI).toMatch(/USDC$/)
  const popupOpened = page.waitForEvent('popup', UI)
  await dialog.getByRole('button', { name: 'Buy USDC' }).click(UI)
  return popupOpened
}

describe('an on-ramp purchase through a signed-checkout provider on its own origin, paying on chain id 1', () => {
  let orderId: string

  it('opens the stand-in checkout, which pays USDC on chain from its own wallet and confirms by a signed webhook: the order is paid, the USDC arrived', async () => {
    const { context, page } = await connectedOnReadmePage(browser, stack.backend.url, createTestEip1193Wallet({ account: visitor, chains: { 1: stack.node.rpcUrl } }), visitor.address)
    const popup = await buyUsdc(page, '25')
    // The provider's page, on the origin the backend lists to the kit, not the backend's.
    await popup.getByRole('button', { name: /^Pay/ }).waitFor(UI)
    expect(new URL(popup.url()).origin).toBe(checkout.url)
    const { checkoutOrigins } = (await (await fetch(`${stack.backend.url}/v1/onramp/options?projectId=latch-dev`)).json()) as { checkoutOrigins: string[] }
    expect(checkoutOrigins).toEqual([checkout.url])
    orderId = checkoutOrderId(popup.url())
    const bought = new URL(popup.url()).searchParams.get('quoteCurrencyAmount')!
    expect(await ordersOf(visitor.address)).toMatchObject([{ id: orderId, metadata: { status: 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS' } }])

    const before = await usdcOf(visitor.address)
    await popup.getByRole('button', { name: /^Pay/ }).click()
    await popup.getByRole('status').filter({ hasText: 'Paid.' }).waitFor(UI)

    // On chain: the visitor's USDC grew by the order's amount, sent by the provider's wallet.
    expect((await usdcOf(visitor.address)) - before).toBe(parseUnits(bought, 6))
    const [order] = await ordersOf(visitor.address)
    expect(order).toMatchObject({ id: orderId, metadata: { status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS' } })
    const payment = await nodeClient().getTransaction({ hash: order!.metadata.hash as `0x${string}` })
    expect(payment.from.toLowerCase()).toBe(privateKeyToAccount(checkoutPayer).address.toLowerCase())
    expect(payment.to?.toLowerCase()).toBe(MAINNET.usdc.toLowerCase())
    // The kit hears it from the backend's on-ramp history.
    await page.locator('.snackbar', { hasText: /^Bought .+ USDC/ }).waitFor(UI)
    await context.close()
  })

  it('refuses forged webhooks (another key, a signed body altered, a replay) with the catalogue errors, and changes no order', async () => {
    // A second order, still pending: what a forger would like marked paid without paying.
    const generated = await fetch(`${stack.backend.url}/v1/generators/onrampurl?projectId=latch-dev`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ destinationWallets: [{ address: visitor.address, blockchains: ['eip155:1'], assets: ['USDC'] }], presetFiatAmount: 20 }),
    })
    expect(generated.status, await generated.clone().text()).toBe(200)
    const url = new URL(((await generated.json()) as { url: string }).url)
    const pending = { id: checkoutOrderId(url.href), destination: visitor.address, asset: 'USDC', amount: url.searchParams.get('quoteCurrencyAmount')!, network: 'eip155:1' }
    const post = async (body: string, signature: string) => {
      const response = await fetch(webhookUrl(), { method: 'POST', headers: { 'content-type': 'application/json', 'moonpay-signature-v2': signature }, body })
      return { status: response.status, body: (await response.json()) as { code?: string; status?: string } }
    }
    const now = () => Math.floor(Date.now() / 1000)
    const statusOf = async (id: string) => (await ordersOf(visitor.address)).find((order) => order.id === id)?.metadata.status
    const fakeHash = `0x${'ab'.repeat(32)}`

    // Positive control: the provider's own signed event (a failed attempt) is taken, and changes nothing.
    const failed = JSON.stringify(deliveryEvent(pending, fakeHash, 'failed'))
    const signedFailed = signWebhook(failed, checkout.keys.webhookSecret, now())
    expect(await post(failed, signedFailed)).toMatchObject({ status: 200, body: { status: 'pending' } })

    const completed = JSON.stringify(deliveryEvent(pending, fakeHash))
    // Signed with another key.
    expect(await post(completed, signWebhook(completed, randomBytes(32).toString('base64url'), now()))).toMatchObject({ status: 401, body: { code: 'SIGNATURE_INVALID' } })
    // The provider's signature over the failed event, the body altered to "completed".
    expect(await post(failed.replace('"failed"', '"completed"'), signedFailed)).toMatchObject({ status: 401, body: { code: 'SIGNATURE_INVALID' } })
    // The same signed event again.
    expect(await post(failed, signedFailed)).toMatchObject({ status: 409, body: { code: 'SIGNATURE_REPLAYED' } })
    // A completed event for the paid order, replayed with a fresh id but another key: refused too.
    const paidAgain = JSON.stringify(deliveryEvent({ ...pending, id: orderId }, fakeHash))
    expect(await post(paidAgain, signWebhook(paidAgain, 'not-the-secret', now()))).toMatchObject({ status: 401, body: { code: 'SIGNATURE_INVALID' } })

    // No order changed: the pending one still waits, the paid one keeps its real payment.
    expect(await statusOf(pending.id)).toBe('ONRAMP_TRANSACTION_STATUS_IN_PROGRESS')
    const paid = (await ordersOf(visitor.address)).find((order) => order.id === orderId)
    expect(paid?.metadata).toMatchObject({ status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS' })
    expect(paid?.metadata.hash).not.toBe(fakeHash)
  })
})
