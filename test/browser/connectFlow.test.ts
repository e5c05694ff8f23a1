import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import { startDemo, type DemoStack } from '../support/startDemo.js'
import { createTestEip1193Wallet } from '../support/wallets/createTestEip1193Wallet.js'
import { exposeTestEip1193Wallet } from '../support/wallets/exposeTestEip1193Wallet.js'

// Dev account #1 of the well-known `test test … junk` mnemonic.
const ACCOUNT = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const WALLET_INFO = { uuid: '2b7c8d9e-1f20-4a3b-8c4d-5e6f7a8b9c0d', name: 'Latch Test Wallet', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.latch.testwallet' }

let stack: DemoStack
beforeAll(async () => (stack = await startDemo({ chains: true })))
afterAll(() => stack?.close())

const chainRpc = (chainId: number) => `${stack.url}/v1?chainId=eip155:${chainId}&projectId=latch-dev`

describe('a newcomer with a browser wallet', () => {
  it('picks the wallet in the modal and ends connected, the address on the page', async () => {
    const wallet = createTestEip1193Wallet({ account: ACCOUNT, chains: { 31337: chainRpc(31337), 31338: chainRpc(31338) } })
    const page = await stack.openDemo('', (p) => exposeTestEip1193Wallet(p, wallet, WALLET_INFO))
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor()
    await page.getByRole('button', { name: /Latch Test Wallet/ }).click()
    await page.getByRole('dialog').waitFor({ state: 'hidden' })
    const short = `${ACCOUNT.address.slice(0, 6)}…${ACCOUNT.address.slice(-4)}`
    await expect.poll(() => page.locator('[data-latch-button="account"]').innerText()).toContain(short)
    await page.close()
  })
})
