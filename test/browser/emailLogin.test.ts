import { fileURLToPath } from 'node:url'
import type { BrowserContext, Page } from 'playwright-core'
import { createPublicClient, createWalletClient, formatEther, http, isAddressEqual, parseEther, parseEventLogs, stringToHex, toHex, type Address, type Hex } from 'viem'
import { entryPoint08Abi } from 'viem/account-abstraction'
import { mnemonicToAccount } from 'viem/accounts'
import { loadArtifact } from '../../server/chains/loadArtifact.js'
import { formatBalance } from '../../plugins/account/format/formatBalance.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openKitPage } from '../support/openKitPage.js'
import { approveDeviceByLink, codeField, walletFrame } from '../support/emailLogin.js'
import { startPageOnBackend, type PageOnBackend } from '../support/startPageOnBackend.js'
import { expectNoSeriousAxeViolations } from '../support/expectNoSeriousAxeViolations.js'
import { step } from '../support/step.js'
import { answerWalletCard, approveInWalletFrame } from '../support/approveInWalletFrame.js'
import { devFetch } from '../support/devRoute.js'
import { pickSendToken } from '../support/pickSendToken.js'

// Issue 12: email login through the embedded wallet, against the reference backend: the code
// travels over real SMTP into the dev mailbox, the frame lives on the secure site's own origin,
// and every signature and transaction is checked with viem and on chain.
const WAIT = { timeout: 30_000 }
const FUNDER = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 5 })

let stack: PageOnBackend
let backend: PageOnBackend['backend']
let browser: PageOnBackend['browser']

beforeAll(async () => {
  stack = await startPageOnBackend(fileURLToPath(new URL('./fixtures/emailPage.ts', import.meta.url)))
  ;({ backend, browser } = stack)
}, 300_000)
afterAll(() => stack?.close())

interface Mail {
  subject: string
  code?: string
  link?: string
}

const evm = () => backend.deployment.evm.find((chain) => chain.chainId === 31337)!
const LOCAL = { id: 31337, name: 'Latch Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [''] } } }
const chainClient = () => createPublicClient({ chain: { ...LOCAL, rpcUrls: { default: { http: [evm().rpcUrl] } } }, transport: http(evm().rpcUrl) })
const fund = async (to: Address, ether: string) => {
  const funder = createWalletClient({ account: FUNDER, chain: { ...LOCAL, rpcUrls: { default: { http: [evm().rpcUrl] } } }, transport: http(evm().rpcUrl) })
  await chainClient().waitForTransactionReceipt({ hash: await funder.sendTransaction({ to, value: parseEther(ether) }) })
}
/** The ERC-4337 operations a transaction ran (the EntryPoint's UserOperationEvent). */
const userOperations = async (hash: Hex) =>
  parseEventLogs({ abi: entryPoint08Abi, logs: (await chainClient().waitForTransactionReceipt({ hash })).logs, eventName: 'UserOperationEvent' })
const dialog = (page: Page) => page.getByRole('dialog')
let visitors = 0
const newEmail = () => `visitor-${Date.now()}-${++visitors}@latch.test`

async function mailbox(email: string): Promise<Mail[]> {
  const response = await devFetch(backend, `/dev/mailbox?email=${encodeURIComponent(email)}`)
  expect(response.status).toBe(200)
  return ((await response.json()) as { messages: Mail[] }).messages
}

/** Waits for the n-th mail (1-based) holding `field`, and returns that field. */
async function mailed(email: string, field: 'code' | 'link', nth = 1): Promise<string> {
  let value: string | undefined
  await expect
    .poll(async () => {
      value = (await mailbox(email)).filter((mail) => mail[field] !== undefined)[nth - 1]?.[field]
      return value
    }, WAIT)
    .toBeDefined()
  return value!
}

/** The email page on the backend's origin in a fresh context (a new device), Connect open. */
function openConnect(context?: BrowserContext): Promise<Page> {
  const config = { apiUrl: backend.url, rpcUrl: evm().rpcUrl, secureSiteUrl: backend.secureSiteUrl }
  return openKitPage({ browser, url: backend.url, configName: '__latchEmailConfig', config, context })
}

/** Types the email on Connect and continues. */
async function submitEmail(page: Page, email: string): Promise<void> {
  await dialog(page).getByLabel('Email', { exact: true }).fill(email)
  await dialog(page).getByRole('button', { name: 'Continue with email' }).click()
}

/** Types the code in the secure site's field in the modal (issue 26): it goes on by itself at six digits. */
async function enterCode(page: Page, code: string): Promise<void> {
  await codeField(page).getByLabel('Code', { exact: true }).fill(code)
}

/**
 * A login on a new device (every page here is one): the emailed link approves the device first
 * (its page, then its Approve button), then the mailed code.
 */
async function logIn(page: Page, email: string): Promise<Address> {
  const before = await mailbox(email)
  const count = (field: 'code' | 'link') => before.filter((mail) => mail[field] !== undefined).length
  await submitEmail(page, email)
  await dialog(page).getByText('Approve this device').waitFor(WAIT)
  expect(await page.locator('iframe.latch-code-field').count()).toBe(0)
  await approveDeviceByLink(page.context(), await mailed(email, 'link', count('link') + 1))
  await codeField(page).getByLabel('Code', { exact: true }).waitFor(WAIT)
  await enterCode(page, await mailed(email, 'code', count('code') + 1))
  await dialog(page).waitFor({ state: 'hidden', ...WAIT })
  await expect.poll(() => page.evaluate(() => (window as any).__latch.state().address), WAIT).toMatch(/^0x[0-9a-fA-F]{40}$/)
  return (await page.evaluate(() => (window as any).__latch.state().address)) as Address
}

/** A first login on a fresh page, up to the code form (the device approved by its link). */
async function reachCodeForm(email: string): Promise<Page> {
  const page = await openConnect()
  await submitEmail(page, email)
  await dialog(page).getByText('Approve this device').waitFor(WAIT)
  await approveDeviceByLink(page.context(), await mailed(email, 'link'))
  await codeField(page).getByLabel('Code', { exact: true }).waitFor(WAIT)
  return page
}

type Outcome = { result?: unknown; error?: { code?: number; message?: string } }
const startRequest = (page: Page, method: string, params?: unknown) =>
  page.evaluate(([m, p]) => (window as any).__latch.request(m, p) as Promise<Outcome>, [method, params] as const)

// One test, its steps named: every step acts as the visitor logged in by the first (their page,
// email and smart account), and logging in again per step would cost a mailed code each time.
// A failure names its step.
describe('given a visitor logging in with their email', () => {
  it('logs in by the mailed code, signs and sends from the smart account and its EOA, approves a second device, and keeps the session until a disconnect', async () => {
    let page: Page
    let email: string
    let address: Address

    await step('enters the mailed code and is connected with the embedded smart account', async () => {
      email = newEmail()
      page = await openConnect()
      address = await logIn(page, email)
      // Connected through the embedded wallet (the AUTH connector), not some wallet of the browser's.
      expect(await page.evaluate(() => (window as any).__latch.state().walletInfo?.id)).toBe('ID_AUTH')
      // SPEC §4: eip155 defaults to the smart account, counterfactual until its first operation.
      expect(await chainClient().getCode({ address })).toBeUndefined()
      // SPEC §5: the visitor is named by their email, cut with an ellipsis above 30 characters.
      const shown = email.length > 30 ? `${email.slice(0, 30)}…` : email
      expect(await page.evaluate(() => (window as any).__latch.state().authDisplayName)).toBe(shown)
      // The host's code sees who is signed in, and with which account (kit.getAccount, as useLatchAccount).
      expect(await page.evaluate(() => (window as any).__latch.account())).toMatchObject({
        address,
        embeddedWalletInfo: { user: { email }, authProvider: 'email', accountType: 'smartAccount', isSmartAccountDeployed: false },
      })
      // The same through the React hook, as a host's component renders it.
      const rendered = page.locator('output[data-embedded-wallet-info]')
      await expect.poll(async () => JSON.parse((await rendered.textContent()) || 'null'), WAIT).toMatchObject({ user: { email }, authProvider: 'email', accountType: 'smartAccount' })
    })

    await step('signs a message the visitor approves in the frame, verified with viem', async () => {
      const message = 'Latch embedded wallet test'
      // The host's accent, changed live, is the frame's too.
      await page.evaluate(() => (window as any).__latch.setThemeVariables({ '--latch-accent': '#00aa77' }))
      const pending = startRequest(page, 'personal_sign', [stringToHex(message), address])
      await page.getByRole('dialog', { name: 'Approve Transaction' }).waitFor(WAIT)
      await walletFrame(page).getByText(message).waitFor(WAIT)
      await expect.poll(() => walletFrame(page).getByRole('button', { name: 'Approve' }).evaluate((button) => getComputedStyle(button).backgroundColor), WAIT).toBe('rgb(0, 170, 119)')
      await approveInWalletFrame(walletFrame(page))
      const { result, error } = await pending
      expect(error).toBeUndefined()
      // Not deployed yet: viem checks the ERC-6492 wrapping (deploy, then ERC-1271) against the smart account.
      expect(await chainClient().verifyMessage({ address, message, signature: result as Hex })).toBe(true)
      expect(await chainClient().verifyMessage({ address, message: 'another message', signature: result as Hex })).toBe(false)
      await page.getByRole('dialog').waitFor({ state: 'hidden', ...WAIT })
    })

    await step("declined in the frame, the host's request fails with 4001", async () => {
      const pending = startRequest(page, 'personal_sign', [stringToHex('decline me'), address])
      await answerWalletCard(walletFrame(page), 'Reject')
      expect((await pending).error?.code).toBe(4001)
    })

    await step('sends a transaction from the smart account that lands on the local chain', async () => {
      const client = chainClient()
      await fund(address, '1')
      const receiver = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 14 }).address
      const before = await client.getBalance({ address: receiver })

      const pending = startRequest(page, 'eth_sendTransaction', [{ from: address, to: receiver, value: `0x${parseEther('0.25').toString(16)}` }])
      await approveInWalletFrame(walletFrame(page))
      const { result, error } = await pending
      expect(error).toBeUndefined()
      // One UserOperation, its sender the smart account, deployed by it.
      const operations = await userOperations(result as Hex)
      expect(operations).toHaveLength(1)
      expect(isAddressEqual(operations[0]!.args.sender, address)).toBe(true)
      expect(operations[0]!.args.success).toBe(true)
      expect(await client.getBalance({ address: receiver })).toBe(before + parseEther('0.25'))
      expect(await client.getCode({ address })).toMatch(/^0x[0-9a-f]{10,}/)
    })

    await step('sends a wallet_sendCalls batch of two transfers as one operation of the smart account', async () => {
      const client = chainClient()
      const [first, second] = [31, 32].map((addressIndex) => mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex }).address)
      const before = await Promise.all([first!, second!].map((who) => client.getBalance({ address: who })))
      const calls = [
        { to: first, value: toHex(parseEther('0.01')) },
        { to: second, value: toHex(parseEther('0.02')) },
      ]
      const pending = startRequest(page, 'wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', from: address, atomicRequired: true, calls }])
      await approveInWalletFrame(walletFrame(page))
      const { result, error } = await pending
      expect(error).toBeUndefined()
      const status = await startRequest(page, 'wallet_getCallsStatus', [(result as { id: string }).id])
      expect(status.result).toMatchObject({ status: 200, atomic: true })
      const receipts = (status.result as { receipts: Array<{ transactionHash: Hex }> }).receipts
      expect(receipts).toHaveLength(1)
      const operations = await userOperations(receipts[0]!.transactionHash)
      expect(operations).toHaveLength(1)
      expect(isAddressEqual(operations[0]!.args.sender, address)).toBe(true)
      expect(await client.getBalance({ address: first! })).toBe(before[0]! + parseEther('0.01'))
      expect(await client.getBalance({ address: second! })).toBe(before[1]! + parseEther('0.02'))
    })

    await step("shows the smart account on Account and sends with its Send view, approved in the frame, landing on chain", async () => {
      const client = createPublicClient({ transport: http(evm().rpcUrl) })
      const receiver = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 15 }).address
      const before = await client.getBalance({ address: receiver })
      await page.evaluate(() => (window as any).__latch.open())
      await page.getByRole('dialog', { name: 'Account' }).waitFor(WAIT)
      await expect.poll(() => dialog(page).locator('.identity .name').getAttribute('title'), WAIT).toBe(address)
      // Its real balance, as the chain holds it (SPEC §5: floored to 3 decimals).
      const held = formatBalance(formatEther(await client.getBalance({ address })))
      await expect.poll(() => dialog(page).getByTestId('account-balance').innerText(), WAIT).toBe(`${held} ETH`)
      await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
      await page.getByRole('dialog', { name: 'Send' }).waitFor(WAIT)
      await pickSendToken(page, 'ETH')
      await dialog(page).getByLabel('Amount').fill('0.1')
      await dialog(page).getByLabel('To', { exact: true }).fill(receiver)
      await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
      await approveInWalletFrame(walletFrame(page))
      await page.getByRole('dialog', { name: 'Account' }).waitFor(WAIT)
      await expect.poll(() => client.getBalance({ address: receiver }), WAIT).toBe(before + parseEther('0.1'))
      await dialog(page).getByRole('button', { name: 'Close' }).click()
    })

    await step("refuses a method on neither list with SPEC's message, then shows 'Action not allowed'", async () => {
      const { error } = await startRequest(page, 'eth_sign', [address, '0x00'])
      expect(error?.message).toBe('Requested RPC call is not allowed')
      await page.locator('.snackbar').getByText('Action not allowed').waitFor(WAIT)
    })

    await step("switches to the EOA on Account's 'Account type', sends from it, and switches back", async () => {
      const client = chainClient()
      await page.evaluate(() => (window as any).__latch.open())
      await page.getByRole('dialog', { name: 'Account' }).waitFor(WAIT)
      await dialog(page).getByRole('button', { name: 'Account type' }).click(WAIT)
      await page.getByRole('dialog', { name: 'Account type' }).waitFor(WAIT)
      await dialog(page).getByText('You are using your smart account').waitFor(WAIT)
      await expectNoSeriousAxeViolations(page)
      await dialog(page).getByRole('button', { name: 'Switch to your EOA' }).click()
      await page.locator('.snackbar').getByText('Switched to your EOA').waitFor(WAIT)
      await expect.poll(() => page.evaluate(() => (window as any).__latch.state().address), WAIT).not.toBe(address)
      const eoa = (await page.evaluate(() => (window as any).__latch.state().address)) as Address
      expect(await page.evaluate(() => (window as any).__latch.account().embeddedWalletInfo?.accountType)).toBe('eoa')
      await expect.poll(async () => JSON.parse((await page.locator('output[data-embedded-wallet-info]').textContent()) || 'null')?.accountType, WAIT).toBe('eoa')
      // The smart account is the factory's account of this very key.
      const owned = await client.readContract({ address: evm().contracts.smartAccountFactory, abi: loadArtifact('LatchSmartAccountFactory').abi, functionName: 'getAddress', args: [eoa, 0n] })
      expect(owned).toBe(address)
      await dialog(page).getByRole('button', { name: 'Close' }).click()
      await page.getByRole('dialog').waitFor({ state: 'hidden', ...WAIT })

      await fund(eoa, '1')
      const receiver = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 33 }).address
      const before = await client.getBalance({ address: receiver })
      const pending = startRequest(page, 'eth_sendTransaction', [{ from: eoa, to: receiver, value: toHex(parseEther('0.2')) }])
      await approveInWalletFrame(walletFrame(page))
      const { result, error } = await pending
      expect(error).toBeUndefined()
      const receipt = await client.waitForTransactionReceipt({ hash: result as Hex })
      expect(isAddressEqual(receipt.from, eoa)).toBe(true)
      expect(await client.getBalance({ address: receiver })).toBe(before + parseEther('0.2'))

      // The choice is kept for the next visit (SPEC §3 'preferred account types'): a reload restores the EOA.
      await page.reload()
      await page.waitForFunction(() => (window as any).__latch !== undefined, undefined, WAIT)
      await expect.poll(() => page.evaluate(() => (window as any).__latch.state().address), WAIT).toBe(eoa)

      await page.evaluate(() => (window as any).__latch.open())
      await dialog(page).getByRole('button', { name: 'Account type' }).click(WAIT)
      await dialog(page).getByRole('button', { name: 'Switch to smart account' }).click(WAIT)
      await expect.poll(() => page.evaluate(() => (window as any).__latch.state().address), WAIT).toBe(address)
      await dialog(page).getByRole('button', { name: 'Close' }).click()
      await page.getByRole('dialog').waitFor({ state: 'hidden', ...WAIT })
    })

    await step('on a second device, approves it by the emailed link first, then reaches the same address', async () => {
      const other = await openConnect()
      expect(await logIn(other, email)).toBe(address)
      await other.close()
    })

    await step('keeps the session across a reload, and a disconnect signs out for good', async () => {
      await page.reload()
      await page.waitForFunction(() => (window as any).__latch !== undefined, undefined, WAIT)
      await expect.poll(() => page.evaluate(() => (window as any).__latch.state().address), WAIT).toBe(address)

      await page.evaluate(() => (window as any).__latch.disconnect())
      await expect.poll(() => page.evaluate(() => (window as any).__latch.state().address ?? null), WAIT).toBeNull()
      await page.reload()
      await page.waitForFunction(() => (window as any).__latch !== undefined, undefined, WAIT)
      await page.evaluate(() => (window as any).__latch.ready)
      // Restored or not, the connectors plugin reports 'loaded' once its restore has run.
      await expect.poll(() => page.evaluate(() => (window as any).__latch.state().plugins.connectors), WAIT).toBe('loaded')
      await expect.poll(() => page.evaluate(() => (window as any).__latch.state().status ?? 'disconnected'), WAIT).not.toBe('reconnecting')
      expect(await page.evaluate(() => (window as any).__latch.state().address ?? null)).toBeNull()
      await page.close()
    })
  }, 600_000)
})

describe('given a visitor changing their email (UpdateEmailWallet)', () => {
  it('confirms with a code from the current address, then one from the new address, and logs in with the new address to the same wallet', async () => {
    const oldEmail = newEmail()
    const changed = newEmail()
    const page = await openConnect()
    const address = await logIn(page, oldEmail)
    await page.evaluate(() => (window as any).__latch.open())
    await page.getByRole('dialog', { name: 'Account' }).waitFor(WAIT)
    await dialog(page).getByRole('button', { name: 'Update email' }).click()
    await page.getByRole('dialog', { name: 'Update email' }).waitFor(WAIT)
    await dialog(page).getByLabel('New email').fill(changed)
    await dialog(page).getByRole('button', { name: 'Continue', exact: true }).click()
    // Each code in the secure field of its step (the host page never holds one).
    await page.frameLocator('iframe[title="Code from your current email"]').getByLabel('Code', { exact: true }).fill(await mailed(oldEmail, 'code', 2))
    await page.frameLocator('iframe[title="Code from your new email"]').getByLabel('Code', { exact: true }).fill(await mailed(changed, 'code'))
    await page.locator('.snackbar').getByText(`Email updated to ${changed}`).waitFor(WAIT)
    await page.getByRole('dialog', { name: 'Account' }).waitFor(WAIT)

    // The new address now logs in to the same wallet (on a new device: approved by its link).
    const other = await openConnect()
    expect(await logIn(other, changed)).toBe(address)
    await Promise.all([page.close(), other.close()])
  })
})

describe('given the email rules', () => {
  it("refuses a second code within 30 s with 'Please try again after N seconds'", async () => {
    const page = await reachCodeForm(newEmail())
    await dialog(page).getByRole('button', { name: 'Resend code' }).click()
    await expect.poll(() => dialog(page).getByRole('alert').innerText(), WAIT).toMatch(/^Please try again after \d+ seconds$/)
    await page.close()
  })

  it('locks the code after five wrong tries, so even the right one is refused', async () => {
    const email = newEmail()
    const page = await reachCodeForm(email)
    const right = await mailed(email, 'code')
    const wrong = right === '000000' ? '111111' : '000000'
    const errors: string[] = []
    const field = codeField(page).getByLabel('Code', { exact: true })
    for (let attempt = 1; attempt <= 5; attempt++) {
      await enterCode(page, wrong)
      // Each refusal says something new (the tries left, then the lock), in the modal and in the field, which clears.
      await expect.poll(() => dialog(page).getByRole('alert').innerText(), WAIT).not.toBe(errors.at(-1) ?? '')
      errors.push(await dialog(page).getByRole('alert').innerText())
      await expect.poll(() => codeField(page).getByRole('alert').innerText(), WAIT).toBe(errors.at(-1))
      await expect.poll(() => field.inputValue(), WAIT).toBe('')
    }
    await enterCode(page, right)
    await expect.poll(() => codeField(page).getByRole('alert').innerText(), WAIT).toMatch(/lock/i)
    await expect.poll(() => field.inputValue(), WAIT).toBe('')
    await expect.poll(() => dialog(page).getByRole('alert').innerText(), WAIT).toMatch(/lock/i)
    expect(await page.evaluate(() => (window as any).__latch.state().address ?? null)).toBeNull()
    expect(errors).toHaveLength(5)
    await page.close()
  })

  it('with WalletConnect as the only wallet source, opens on Connect (email field and WalletConnect), not on the QR view that would hide the email login (SPEC §2 rule 2)', async () => {
    const config = { apiUrl: backend.url, rpcUrl: evm().rpcUrl, secureSiteUrl: backend.secureSiteUrl, walletConnectOnly: true }
    const page = await openKitPage({ browser, url: backend.url, configName: '__latchEmailConfig', config, openConnect: false })
    await page.evaluate(() => (window as any).__latch.open())
    const connect = page.getByRole('dialog', { name: 'Connect Wallet' })
    await connect.getByLabel('Email', { exact: true }).waitFor(WAIT)
    await connect.getByRole('button', { name: /WalletConnect/ }).first().waitFor(WAIT)
    await page.close()
  })

  it("refuses an invalid email before anything is sent, in the field's hint", async () => {
    const page = await openConnect()
    await dialog(page).getByLabel('Email', { exact: true }).fill('not-an-email')
    await expect.poll(() => dialog(page).locator('.email-error').innerText(), WAIT).toBe('Enter a valid email address')
    expect(await dialog(page).getByRole('button', { name: 'Continue with email' }).isDisabled()).toBe(true)
    await dialog(page).getByLabel('Email', { exact: true }).fill('someone@latch.test')
    expect(await dialog(page).getByRole('button', { name: 'Continue with email' }).isDisabled()).toBe(false)
    await page.close()
  })

  it("mails the device link and the code in the kit's language (issue 30)", async () => {
    const page = await openConnect()
    const email = newEmail()
    // Positive control: the page's kit is English, and so is the email a login sends.
    await submitEmail(page, email)
    await expect.poll(async () => (await mailbox(email)).map((mail) => mail.subject), WAIT).toContain('Approve a new device')
    await page.close()

    const japanese = await openConnect()
    await japanese.evaluate(() => (window as any).__latch.setLocale('ja'))
    await dialog(japanese).getByLabel('メールアドレス', { exact: true }).fill(email)
    await dialog(japanese).getByLabel('メールアドレス', { exact: true }).press('Enter')
    await expect.poll(async () => (await mailbox(email)).map((mail) => mail.subject), WAIT).toContain('新しいデバイスの承認')
    await approveDeviceByLink(japanese.context(), await mailed(email, 'link', 2))
    await expect.poll(async () => (await mailbox(email)).map((mail) => mail.subject).filter((subject) => subject.startsWith('ログインコード: ')).length, WAIT).toBe(1)
    await japanese.close()
  })
})
