import type { Page } from 'playwright-core'
import { createPublicClient, createWalletClient, http, parseEther, type Address } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { approveThisDevice, codeField, mailedCode, newVisitorEmail, walletFrame } from '../support/emailLogin.js'
import { openEmailPage, useEmailPageStack } from '../support/emailPageStack.js'
import { approveInWalletFrame } from '../support/approveInWalletFrame.js'

// Issue 13: sign-in with the wallet by the embedded wallet's smart account, verified on the
// backend: while the account is counterfactual (ERC-6492) and once its first operation deployed
// it (EIP-1271). The sessions are the backend's (siwx storage 'server').
const WAIT = { timeout: 30_000 }
const FUNDER = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 6 })

const stack = useEmailPageStack()

const dialog = (page: Page) => page.getByRole('dialog')
const evm = () => stack.backend.deployment.evm.find((chain) => chain.chainId === 31337)!
const state = (page: Page) => page.evaluate(() => (window as any).__latch.state()) as Promise<{ address?: string; signedIn?: boolean; siwxSession?: { signature: string } }>
/** ERC-6492's magic suffix: the signature of an account not deployed yet, with its deployment. */
const ERC6492_SUFFIX = '6492649264926492649264926492649264926492649264926492649264926492'

/** Logs in by email (a known email on the same device gets its code directly), then signs in. */
async function logInAndSignIn(page: Page, email: string, codeNumber: number): Promise<Address> {
  await page.evaluate(() => (window as any).__latch.open())
  await dialog(page).getByLabel('Email', { exact: true }).fill(email)
  await dialog(page).getByRole('button', { name: 'Continue with email' }).click()
  // The first login is this device's first: the owner approves it by the emailed link.
  if (codeNumber === 1) await approveThisDevice(page, stack.backend, email)
  await codeField(page).getByLabel('Code', { exact: true }).fill(await mailedCode(stack.backend, email, codeNumber))
  // Connected: the sign-in view asks for the signature; the frame holds the approval.
  await page.getByRole('dialog', { name: 'Sign In' }).waitFor(WAIT)
  await dialog(page).getByRole('button', { name: 'Sign', exact: true }).click()
  await approveInWalletFrame(walletFrame(page))
  await expect.poll(() => state(page).then((s) => s.signedIn), WAIT).toBe(true)
  return (await state(page)).address as Address
}

describe('given a visitor of the embedded wallet signing in to a page that keeps sessions on the backend', () => {
  it('signs in with the counterfactual smart account (ERC-6492), and again once it is deployed (EIP-1271)', async () => {
    const client = createPublicClient({ transport: http(evm().rpcUrl) })
    const page = await openEmailPage(stack, { config: { siwx: true }, openConnect: false })
    const email = newVisitorEmail()

    const address = await logInAndSignIn(page, email, 1)
    expect(await client.getCode({ address })).toBeUndefined()
    expect((await state(page)).siwxSession?.signature.endsWith(ERC6492_SUFFIX)).toBe(true)

    // Its first operation deploys it.
    const funder = createWalletClient({ account: FUNDER, chain: { id: 31337, name: 'Latch Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [evm().rpcUrl] } } }, transport: http(evm().rpcUrl) })
    await client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: address, value: parseEther('1') }) })
    const sending = page.evaluate((to) => (window as any).__latch.request('eth_sendTransaction', [{ to, value: '0x1' }]), FUNDER.address)
    await approveInWalletFrame(walletFrame(page))
    expect((await sending).error).toBeUndefined()
    await expect.poll(async () => (await client.getCode({ address })) !== undefined, WAIT).toBe(true)

    // Signed out (the backend drops the session) and logged in again: the sign-in now verifies
    // against the deployed account's isValidSignature.
    await page.evaluate(() => (window as any).__latch.rpc('latch_siwxSignOut'))
    await expect.poll(() => state(page).then((s) => s.signedIn), WAIT).toBe(false)
    await page.evaluate(() => (window as any).__latch.disconnect())
    await expect.poll(() => state(page).then((s) => s.address ?? null), WAIT).toBeNull()
    expect(await logInAndSignIn(page, email, 2)).toBe(address)
    // The owner's plain signature, which only the account's own isValidSignature accepts.
    expect((await state(page)).siwxSession?.signature.endsWith(ERC6492_SUFFIX)).toBe(false)
    await page.close()
  })
})
