import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { logInByEmail, mailedLink, newVisitorEmail } from '../support/emailLogin.js'
import { openEmailPage, useEmailPageStack } from '../support/emailPageStack.js'

// SPEC §3 'Stored locally' for the embedded wallet, in Chromium on the reference backend: an email
// login is remembered on this device (the email, that it was used, when the code was sent), its
// saved connection names the account so Connected Wallets says which email, the 30 s resend wait
// survives a reload, and a disconnect forgets the login.
const WAIT = { timeout: 30_000 }
const PREFIX = '@latch/'

const stack = useEmailPageStack()

const dialog = (page: Page) => page.getByRole('dialog')
const openConnect = () => openEmailPage(stack)
/** One stored key, parsed (undefined when absent). */
const stored = (page: Page, key: string) =>
  page.evaluate((name) => {
    const text = localStorage.getItem(name)
    return text === null ? undefined : (JSON.parse(text) as unknown)
  }, PREFIX + key)

describe('the embedded wallet login stored on this device', () => {
  it('remembers an email login, names it in Connected Wallets, and forgets it on disconnect', async () => {
    const page = await openConnect()
    const email = newVisitorEmail()
    expect(await stored(page, 'emailLoginUsed')).toBeUndefined()
    await logInByEmail(page, stack.backend, email)

    await expect.poll(() => stored(page, 'emailLoginUsed'), WAIT).toBe(true)
    expect(await stored(page, 'email')).toBe(email)
    expect(await stored(page, 'lastEmailLoginTime')).toEqual(expect.any(Number))
    expect(await stored(page, 'connectedSocialProvider')).toBeUndefined()
    await expect.poll(async () => ((await stored(page, 'connections')) as any)?.eip155?.[0], WAIT).toMatchObject({ connectorId: 'ID_AUTH', recent: true, auth: { name: 'email', username: email } })
    // SPEC §3 account state: the smart account (counterfactual until its first operation) and which address is which.
    const accounts = (await page.evaluate(() => (window as any).__latch.embeddedAccounts())) as Array<{ address: string; type: string }>
    const labels = Object.fromEntries(accounts.map(({ address, type }) => [address, type === 'smartAccount' ? 'Smart Account' : 'EOA']))
    expect(Object.values(labels).sort()).toEqual(['EOA', 'Smart Account'])
    await expect.poll(() => page.evaluate(() => (window as any).__latch.state().accounts.eip155), WAIT).toMatchObject({ smartAccountDeployed: false, addressLabels: labels })

    // Connected Wallets says which email the embedded wallet is logged in with: the email first, the wallet kind below.
    await page.evaluate(() => (window as any).__latch.open())
    await dialog(page).getByRole('button', { name: 'Connected wallets' }).click()
    const list = dialog(page).getByRole('list', { name: 'Connected wallets' })
    await list.getByText(email).waitFor(WAIT)
    const [first, second] = (await list.getByRole('listitem').first().locator('.token-name').innerText()).split('\n')
    expect([first, second]).toEqual([email, expect.stringMatching(/^Email · Latch Local · 0x/)])

    // A disconnect clears the login: the flag goes, and the field is not pre-filled for the next visitor.
    await page.evaluate(() => (window as any).__latch.disconnect())
    await expect.poll(() => stored(page, 'emailLoginUsed'), WAIT).toBeUndefined()
    await page.reload()
    await page.waitForFunction(() => (window as any).__latch !== undefined, undefined, WAIT)
    await page.evaluate(() => (window as any).__latch.ready)
    await page.evaluate(() => (window as any).__latch.open())
    await dialog(page).getByLabel('Email', { exact: true }).waitFor(WAIT)
    expect(await dialog(page).getByLabel('Email', { exact: true }).inputValue()).toBe('')
    await page.context().close()
  })

  it('keeps the 30 s resend wait across a reload', async () => {
    const page = await openConnect()
    const email = newVisitorEmail()
    await dialog(page).getByLabel('Email', { exact: true }).fill(email)
    await dialog(page).getByRole('button', { name: 'Continue with email' }).click()
    await dialog(page).getByText('Approve this device').waitFor(WAIT)
    await mailedLink(stack.backend, email)
    expect(await stored(page, 'lastEmailLoginTime')).toEqual(expect.any(Number))

    await page.reload()
    await page.waitForFunction(() => (window as any).__latch !== undefined, undefined, WAIT)
    await page.evaluate(() => (window as any).__latch.ready)
    await page.evaluate(() => (window as any).__latch.open())
    await dialog(page).getByLabel('Email', { exact: true }).fill(email)
    await dialog(page).getByRole('button', { name: 'Continue with email' }).click()
    await dialog(page).getByText(/Please try again after \d+ seconds?/).waitFor(WAIT)
    await page.context().close()
  })
})
