import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseEther, type Hex, type TransactionSerializableEIP1559 } from 'viem'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { splitKeyAccount } from '../server/splitKeyAccount.js'
import { openKitPage } from '../support/openKitPage.js'
import { startPageOnBackend, type PageOnBackend } from '../support/startPageOnBackend.js'
import { approveDeviceByLink, codeField, logInByEmail, mailedCode, mailedLink, newVisitorEmail } from '../support/emailLogin.js'
import { approveDeviceLink, freshDeviceId, freshEmail, logInThroughApi, readMailbox, siteCall, waitForMail } from '../server/secureSiteSupport.js'
import { evmClients } from '../server/support.js'
import { MAX_MAILS_PER_HOUR, MAX_WRONG_CODES, MAX_WRONG_CODES_PER_HOUR } from '../../server/secureSite/LoginLimits.js'

// Issue 26 (review C1, M1, L3): the email login's rules, attacked on the real stack — the
// reference backend with its secure site, real SMTP into the dev mailbox, the local chain, and
// the kit's modal with the secure site's frame in Chromium. Each test first runs the legitimate
// path (it works), then the attack (it fails).
const WAIT = { timeout: 30_000 }
/** Two projects whose pages live on different origins: X plays the malicious one. */
const X = { projectId: 'shop-x', appOrigin: 'https://x.example' }
const Y = { projectId: 'shop-y', appOrigin: 'https://y.example' }

let stack: PageOnBackend
let backend: PageOnBackend['backend']
let site: string

beforeAll(async () => {
  stack = await startPageOnBackend(fileURLToPath(new URL('../browser/fixtures/emailPage.ts', import.meta.url)), { rateLimit: false })
  backend = stack.backend
  site = backend.secureSiteUrl
  await backend.projects.create({ id: X.projectId, name: 'Shop X', allowedOrigins: [X.appOrigin], features: { email: true } })
  await backend.projects.create({ id: Y.projectId, name: 'Shop Y', allowedOrigins: [Y.appOrigin], features: { email: true } })
}, 300_000)
afterAll(() => stack?.close())

/** The kit's page on the backend (project latch-dev), in a fresh context (a new device), Connect open. */
function openConnect(): Promise<Page> {
  const rpcUrl = backend.deployment.evm.find((chain) => chain.chainId === 31337)!.rpcUrl
  return openKitPage({ browser: stack.browser, url: backend.url, configName: '__latchEmailConfig', config: { apiUrl: backend.url, rpcUrl, secureSiteUrl: site } })
}

/** Login calls as the frame makes them (its project, its page, the secure site's Origin); `origin` overrides the header (`null`: none). */
const start = (email: string, deviceId: string, frame = X, origin?: string | null) => siteCall(site, '/api/email/start', { body: { email, deviceId, ...frame }, origin })
const verify = (email: string, deviceId: string, otp: string, frame = X, origin?: string | null) => siteCall(site, '/api/otp/verify', { body: { email, deviceId, otp, ...frame }, origin })
const otherCode = (code: string) => (code === '000000' ? '111111' : '000000')

/**
 * A device the owner approved, with a login code pending on it: start, the link's POST, the code.
 *
 * @param mails - how many mails the address had before
 */
async function codeOnApprovedDevice(email: string, mails: number, deviceId = freshDeviceId()): Promise<{ deviceId: string; code: string }> {
  expect((await start(email, deviceId)).body).toEqual({ action: 'VERIFY_DEVICE' })
  await approveDeviceLink((await waitForMail(backend, email, mails + 1)).link!)
  return { deviceId, code: (await waitForMail(backend, email, mails + 2)).code! }
}

describe('26: the phishing relay of a code', () => {
  it("refuses a login call without the Origin header, from another Origin, for an unknown project or a page off the project's list; the frame's own calls succeed", async () => {
    // Positive control: in Chromium, the kit's modal and the frame log in with the mailed code.
    const page = await openConnect()
    const email = newVisitorEmail()
    await logInByEmail(page, backend, email)

    // A second code for that device, as the frame asks for it (the device is approved now).
    await page.evaluate(() => (window as any).__latch.disconnect())
    await expect.poll(() => page.evaluate(() => (window as any).__latch.state().address ?? null), WAIT).toBeNull()
    await page.evaluate(() => (window as any).__latch.open())
    await page.getByRole('dialog').getByLabel('Email', { exact: true }).fill(email)
    await page.getByRole('dialog').getByRole('button', { name: 'Continue with email' }).click()
    const code = await mailedCode(backend, email, 2)
    const deviceId = await page.frameLocator('#w3m-iframe').locator('html').evaluate(() => localStorage.getItem('latch-secure-site:device'))
    expect(deviceId).toMatch(/^[A-Za-z0-9_-]{16,64}$/)

    // The attacker's server relays the code the visitor typed into its page, knowing even the device: every variant is refused.
    const dev = { projectId: 'latch-dev', appOrigin: backend.url }
    const relays: [string, Promise<{ status: number; body: any }>, number, string][] = [
      ['no Origin', verify(email, deviceId!, code, dev, null), 403, 'ORIGIN_REQUIRED'],
      ['a foreign Origin', verify(email, deviceId!, code, dev, 'https://evil.example'), 403, 'ORIGIN_NOT_ALLOWED'],
      ['an unknown project', verify(email, deviceId!, code, { ...dev, projectId: 'no-such-project' }), 403, 'INVALID_PROJECT_ID'],
      ["a page off the project's list", verify(email, deviceId!, code, { ...dev, appOrigin: 'https://evil.example' }), 403, 'ORIGIN_NOT_ALLOWED'],
    ]
    for (const [what, answer, status, replyCode] of relays) expect(await answer, what).toMatchObject({ status, body: { code: replyCode } })
    // The starts and the device poll are refused alike, and the poll is no GET any more.
    const victim = freshEmail('relay')
    expect(await start(victim, freshDeviceId(), X, null)).toMatchObject({ status: 403, body: { code: 'ORIGIN_REQUIRED' } })
    expect(await start(victim, freshDeviceId(), { ...X, appOrigin: Y.appOrigin })).toMatchObject({ status: 403, body: { code: 'ORIGIN_NOT_ALLOWED' } })
    expect(await siteCall(site, '/api/device/status', { body: { email, deviceId, ...dev }, origin: null })).toMatchObject({ status: 403, body: { code: 'ORIGIN_REQUIRED' } })
    expect((await siteCall(site, `/api/device/status?${new URLSearchParams({ email, deviceId: deviceId! })}`)).status).toBe(404)
    expect(await readMailbox(backend, victim)).toEqual([])

    // The code was never used: the visitor's own frame logs in with it.
    await codeField(page).getByLabel('Code', { exact: true }).fill(code)
    await page.getByRole('dialog').waitFor({ state: 'hidden', ...WAIT })
    await expect.poll(() => page.evaluate(() => (window as any).__latch.state().address), WAIT).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await page.context().close()
  }, 120_000)

  it('refuses the social and Farcaster login starts without the Origin header', async () => {
    const dev = { projectId: 'latch-dev', appOrigin: backend.url }
    // Positive controls: the frame's own starts.
    expect((await siteCall(site, '/api/social/start', { body: { provider: 'google', ...dev } })).status).toBe(200)
    expect((await siteCall(site, '/api/farcaster/start', { body: dev })).status).toBe(200)
    expect(await siteCall(site, '/api/social/start', { body: { provider: 'google', ...dev }, origin: null })).toMatchObject({ status: 403, body: { code: 'ORIGIN_REQUIRED' } })
    expect(await siteCall(site, '/api/farcaster/start', { body: dev, origin: null })).toMatchObject({ status: 403, body: { code: 'ORIGIN_REQUIRED' } })
  })
})

describe('26: the per-(email, device) code rules', () => {
  it("keeps device A's code valid when device B starts a login for the same address", async () => {
    const email = freshEmail('two-devices')
    const a = await codeOnApprovedDevice(email, 0)
    // Device A's next start within 30 s is refused (its own rule)…
    expect(await start(email, a.deviceId)).toMatchObject({ status: 429, body: { code: 'RESEND_TOO_SOON' } })
    // …while a stranger's device B may start at once: it gets an approval link, and A's code lives on.
    expect(await start(email, freshDeviceId())).toMatchObject({ status: 200, body: { action: 'VERIFY_DEVICE' } })
    expect((await waitForMail(backend, email, 3)).link).toBeDefined()
    expect(await verify(email, a.deviceId, a.code)).toMatchObject({ status: 200, body: { user: { email } } })
  })

  it("locks only the guessing device: wrong codes from device B leave device A's code valid", async () => {
    const email = freshEmail('stranger-guesses')
    const a = await codeOnApprovedDevice(email, 0)
    const b = await codeOnApprovedDevice(email, 2)
    // B's wrong codes count and lock B (its right code is refused then)…
    const answers = []
    for (let attempt = 0; attempt < MAX_WRONG_CODES; attempt++) answers.push((await verify(email, b.deviceId, otherCode(b.code))).body.code)
    expect(answers).toEqual([...Array(MAX_WRONG_CODES - 1).fill('INVALID_CODE'), 'LOGIN_LOCKED'])
    expect((await verify(email, b.deviceId, b.code)).body.code).toBe('LOGIN_LOCKED')
    // …and a stranger's device that was never approved has no code to guess at all.
    expect((await verify(email, freshDeviceId(), a.code)).body.code).toBe('NO_CODE')
    // A was never locked.
    expect(await verify(email, a.deviceId, a.code)).toMatchObject({ status: 200, body: { user: { email } } })
  })

  it(`locks the whole address after ${MAX_WRONG_CODES_PER_HOUR} wrong codes an hour across devices`, async () => {
    const email = freshEmail('backstop')
    const guessers = MAX_WRONG_CODES_PER_HOUR / MAX_WRONG_CODES
    type Device = { deviceId: string; code: string }
    const devices: Device[] = []
    for (let index = 0; index < guessers + 2; index++) devices.push(await codeOnApprovedDevice(email, index * 2))
    const [control, owner, ...rest] = devices as [Device, Device, ...Device[]]
    const wrong = async (device: Device) => (await verify(email, device.deviceId, otherCode(device.code))).body.code as string
    // One wrong code short of the backstop, another device still logs in (positive control).
    for (const device of rest.slice(0, -1)) for (let attempt = 0; attempt < MAX_WRONG_CODES; attempt++) await wrong(device)
    for (let attempt = 0; attempt < MAX_WRONG_CODES - 1; attempt++) expect(await wrong(rest.at(-1)!)).toBe('INVALID_CODE')
    expect((await verify(email, control.deviceId, control.code)).status).toBe(200)
    // The last wrong code reaches the backstop: now even the owner's right code is refused, and no new code is sent.
    expect(await wrong(rest.at(-1)!)).toBe('LOGIN_LOCKED')
    expect(await verify(email, owner.deviceId, owner.code)).toMatchObject({ status: 403, body: { code: 'LOGIN_LOCKED', message: expect.stringMatching(/try again in \d+ minutes$/) } })
    expect((await start(email, freshDeviceId())).body.code).toBe('LOGIN_LOCKED')
  })

  it(`mails one address at most ${MAX_MAILS_PER_HOUR} times an hour`, async () => {
    const email = freshEmail('mail-cap')
    for (let index = 0; index < MAX_MAILS_PER_HOUR; index++) expect((await start(email, freshDeviceId())).status).toBe(200)
    expect(await readMailbox(backend, email)).toHaveLength(MAX_MAILS_PER_HOUR)
    expect(await start(email, freshDeviceId())).toMatchObject({
      status: 429,
      body: { code: 'MAIL_LIMIT_REACHED', message: expect.stringMatching(/^Too many emails to this address: try again in \d+ minutes$/) },
    })
    expect(await readMailbox(backend, email)).toHaveLength(MAX_MAILS_PER_HOUR)
  })
})

describe('26: account enumeration', () => {
  it('answers a start, a repeated start, a device poll and a guessed code the same for a new and an existing address', async () => {
    const existing = freshEmail('existing')
    const { token } = await logInThroughApi(site, backend, existing, freshDeviceId(), X)
    // Positive control: the address really has an account.
    expect((await siteCall(site, '/api/user', { token })).body.email).toBe(existing)
    const unknown = freshEmail('unknown')
    const probe = async (email: string) => {
      const deviceId = freshDeviceId()
      const first = await start(email, deviceId)
      const again = await start(email, deviceId)
      const poll = await siteCall(site, '/api/device/status', { body: { email, deviceId, ...X } })
      const guess = await verify(email, deviceId, '123456')
      // The seconds left depend on the clock, not on the address.
      return [first, { ...again, body: { code: again.body.code } }, poll, guess].map(({ status, body }) => ({ status, body }))
    }
    const [forExisting, forUnknown] = [await probe(existing), await probe(unknown)]
    expect(forExisting).toEqual(forUnknown)
    expect(forExisting[0]).toEqual({ status: 200, body: { action: 'VERIFY_DEVICE' } })
  })
})

describe('26: a malicious project reaching another project', () => {
  it("gives the same email one wallet per project: X's session signs only as X's wallet, and Y's funds stay put", async () => {
    const email = freshEmail('two-projects')
    const onX = await logInThroughApi(site, backend, email, freshDeviceId(), X)
    const onY = await logInThroughApi(site, backend, email, freshDeviceId(), Y)
    expect(onX.user.email).toBe(email)
    expect(onY.user.email).toBe(email)
    expect(onX.user.evmAddress).not.toBe(onY.user.evmAddress)
    expect(onX.user.solanaAddress).not.toBe(onY.user.solanaAddress)

    const { walletClient, publicClient } = evmClients(backend, 31337, 6)
    await publicClient.waitForTransactionReceipt({ hash: await walletClient.sendTransaction({ to: onY.user.evmAddress, value: parseEther('1') }) })
    const thief = privateKeyToAccount(`0x${'66'.repeat(32)}`).address
    // What a frame sends: a transfer to the thief, signed with the key its session's shares make.
    const signedTransfer = async (account: PrivateKeyAccount) => {
      const { account: _from, ...transaction } = await walletClient.prepareTransactionRequest({ account, chain: walletClient.chain, to: thief, value: parseEther('0.1'), type: 'eip1559' })
      return account.signTransaction(transaction as TransactionSerializableEIP1559)
    }
    const submit = (token: string, transaction: Hex) => siteCall(site, '/api/submit/transaction', { token, body: { chainId: 'eip155:31337', transaction } })
    // Positive control: Y's own session assembles Y's key and moves Y's funds.
    const yKey = await splitKeyAccount(site, onY)
    expect(yKey.address).toBe(onY.user.evmAddress)
    const sent = await submit(onY.token, await signedTransfer(yKey))
    expect(sent.status).toBe(200)
    await publicClient.waitForTransactionReceipt({ hash: sent.body.hash })
    const [yBefore, thiefBefore] = await Promise.all([publicClient.getBalance({ address: onY.user.evmAddress }), publicClient.getBalance({ address: thief })])
    expect(thiefBefore).toBe(parseEther('0.1'))

    // X's session (the malicious project's) gets shares of X's wallet only…
    const xKey = await splitKeyAccount(site, onX)
    expect(xKey.address).toBe(onX.user.evmAddress)
    // …and cannot have the server send a transfer signed by Y's key (one it replays) for it.
    expect(await submit(onX.token, await signedTransfer(yKey))).toMatchObject({ status: 400, body: { code: 'SIGNED_BYTES_REFUSED' } })
    expect(await publicClient.getBalance({ address: onY.user.evmAddress })).toBe(yBefore)
    expect(await publicClient.getBalance({ address: thief })).toBe(thiefBefore)
  })
})

describe('26: device approval', () => {
  it("approves nothing when the emailed link is only fetched (a mail scanner); the page's Approve button does", async () => {
    // Positive control: a device approved the way the owner does it, in Chromium.
    const control = await openConnect()
    await logInByEmail(control, backend, newVisitorEmail())
    await control.context().close()

    const page = await openConnect()
    const email = newVisitorEmail()
    await page.getByRole('dialog').getByLabel('Email', { exact: true }).fill(email)
    await page.getByRole('dialog').getByRole('button', { name: 'Continue with email' }).click()
    await page.getByRole('dialog').getByText('Approve this device').waitFor(WAIT)
    const link = await mailedLink(backend, email)
    // The scanner fetches the link (twice, as some do): the page answers, the device stays unapproved.
    for (let fetches = 0; fetches < 2; fetches++) expect((await fetch(link)).status).toBe(200)
    const deviceId = await page.frameLocator('#w3m-iframe').locator('html').evaluate(() => localStorage.getItem('latch-secure-site:device'))
    const status = () => siteCall(site, '/api/device/status', { body: { email, deviceId, projectId: 'latch-dev', appOrigin: backend.url } }).then((answer) => answer.body)
    expect(await status()).toEqual({ approved: false })
    expect(await readMailbox(backend, email)).toHaveLength(1)

    // The owner opens it: the page names the app, the site, this browser and the time; Approve approves.
    const tab = await page.context().newPage()
    await tab.goto(link)
    const details = await tab.locator('dl').innerText()
    for (const shown of ['Latch dev', backend.url, 'Chrome on Linux', 'UTC']) expect(details).toContain(shown)
    await tab.close()
    await approveDeviceByLink(page.context(), link)
    expect(await status()).toEqual({ approved: true })
    await codeField(page).getByLabel('Code', { exact: true }).fill(await mailedCode(backend, email))
    await page.getByRole('dialog').waitFor({ state: 'hidden', ...WAIT })
    await page.context().close()
  }, 120_000)
})
