import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { approveThisDevice, codeField, mailedCode, newVisitorEmail, walletFrame } from '../support/emailLogin.js'
import { openEmailPage, useEmailPageStack } from '../support/emailPageStack.js'
import { step } from '../support/step.js'
import { approveInWalletFrame } from '../support/approveInWalletFrame.js'
import { pickSendToken } from '../support/pickSendToken.js'

// Issue 12: the embedded wallet's Solana account (the AUTH connector on solana). A visitor on
// the local Solana cluster logs in by email and gets their ed25519 account; the host's Solana
// provider signs through the frame, and Send moves SOL, each approved inside the frame.
const WAIT = { timeout: 30_000 }

const stack = useEmailPageStack()

const dialog = (page: Page) => page.getByRole('dialog')

// One test, its steps named: each builds on the login before it, and logging in again per step
// would cost a mailed code each time. A failure names its step.
describe('given a visitor on the local Solana cluster logging in by email', () => {
  it('is connected on solana with their ed25519 account, signs a message in the frame, and sends SOL with the Send view', async () => {
    const { backend } = stack
    const { solana } = backend.deployment
    let page: Page
    let address: string

    await step('is connected on solana with their ed25519 account', async () => {
      page = await openEmailPage(stack, { config: { solana: { rpcUrl: solana.rpcUrl, genesisHash: solana.genesisHash } } })
      const email = newVisitorEmail()
      await dialog(page).getByLabel('Email', { exact: true }).fill(email)
      await dialog(page).getByRole('button', { name: 'Continue with email' }).click()
      await approveThisDevice(page, backend, email)
      await codeField(page).getByLabel('Code', { exact: true }).fill(await mailedCode(backend, email))
      await dialog(page).waitFor({ state: 'hidden', ...WAIT })
      await expect.poll(() => page.evaluate(() => (window as any).__latch.state().activeNamespace), WAIT).toBe('solana')
      address = (await page.evaluate(() => (window as any).__latch.state().address)) as string
      expect(base58.decode(address)).toHaveLength(32)
      expect(await page.evaluate(() => (window as any).__latch.state().walletInfo?.id)).toBe('ID_AUTH')
    })

    await step("signs a message with the host's Solana provider, approved in the frame; the signature verifies for the account", async () => {
      const message = 'Latch embedded wallet on Solana'
      const signing = page.evaluate((text) => (window as any).__latch.solanaSignMessage(text) as Promise<string>, message)
      await walletFrame(page).getByText(message).waitFor(WAIT)
      await approveInWalletFrame(walletFrame(page))
      const signature = Uint8Array.from(Buffer.from(await signing, 'base64'))
      expect(ed25519.verify(signature, new TextEncoder().encode(message), base58.decode(address))).toBe(true)
    })

    await step('sends 0.2 SOL with the Send view, approved in the frame, landing on the cluster', async () => {
      const connection = new Connection(solana.rpcUrl, 'confirmed')
      const dev = Keypair.fromSecretKey(Buffer.from(solana.devWalletSecretKey, 'base64'))
      const funding = new Transaction({ feePayer: dev.publicKey, recentBlockhash: (await connection.getLatestBlockhash()).blockhash }).add(
        SystemProgram.transfer({ fromPubkey: dev.publicKey, toPubkey: new PublicKey(address), lamports: LAMPORTS_PER_SOL }),
      )
      funding.sign(dev)
      await connection.sendRawTransaction(funding.serialize())
      const receiver = Keypair.generate().publicKey

      await page.evaluate(() => (window as any).__latch.open())
      await page.getByRole('dialog', { name: 'Account' }).waitFor(WAIT)
      await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
      await page.getByRole('dialog', { name: 'Send' }).waitFor(WAIT)
      await pickSendToken(page, 'SOL')
      await dialog(page).getByLabel('Amount').fill('0.2')
      await dialog(page).getByLabel('To', { exact: true }).fill(receiver.toBase58())
      await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
      // The card says what the transaction does, decoded from the bytes that are signed.
      await walletFrame(page).getByText(`Send 0.2 SOL from ${address} to ${receiver.toBase58()}`).waitFor(WAIT)
      await approveInWalletFrame(walletFrame(page))
      await page.getByRole('dialog', { name: 'Account' }).waitFor(WAIT)
      await expect.poll(() => connection.getBalance(receiver), WAIT).toBe(0.2 * LAMPORTS_PER_SOL)
    })
    await page!.close()
  }, 180_000)
})
