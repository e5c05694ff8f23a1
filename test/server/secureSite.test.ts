import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { mkdtempSync, readFileSync, existsSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SignJWT } from 'jose'
import { createPublicClient, http, isAddress, parseEther, verifyMessage, verifyTypedData, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import Database from 'better-sqlite3'
import { sql } from 'kysely'
import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { createSecureSite, type SecureSite } from '../../server/secureSite/createSecureSite.js'
import { loadSecureSiteSecret } from '../../server/secureSite/loadSecureSiteSecret.js'
import { unsealKey } from '../../server/secureSite/SqliteKeyStore.js'
import { startMailService, type MailService } from '../../server/mail/startMailService.js'
import { evmClients } from './support.js'
import { approveDeviceLink, DEV_FRAME, freshDeviceId, freshEmail, logInThroughApi, readMailbox, siteCall, waitForMail } from './secureSiteSupport.js'
import { devFetch } from '../support/devRoute.js'
import { testDatabaseKind, testDatabaseUrl } from '../support/testDatabase.js'

// The secure site against a real backend: local chains, SQLite in a temp folder, login emails over
// the embedded SMTP server read back from GET /dev/mailbox.
let backend: RunningBackend
let dataDir: string
let site: string

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'latch-secure-site-'))
  backend = await startBackend({
    databaseUrl: await testDatabaseUrl(),
    dev: true,
    dataDir,
    rateLimit: false,
    // Whole keys signed by the server (`/api/sign`): the model before key shares, still serving the
    // wallets made before them. Split keys, signed in the frame: test/security/keySharesSigning.test.ts.
    keyShares: false,
    projects: [
      { id: 'latch-dev', name: 'Latch dev', allowedOrigins: ['http://127.0.0.1:*', 'http://localhost:*'], features: { email: true } },
      { id: 'shop', name: 'Shop', allowedOrigins: ['https://shop.example.com/', 'https://*.shop.example.com'], features: { email: true } },
    ],
  })
  site = backend.secureSiteUrl
})

afterAll(async () => {
  await backend?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

/** Logs a new user in on one device: start, the approval link, the code from the mailbox, verify (two mails). */
async function logIn(email = freshEmail('user'), deviceId = freshDeviceId()) {
  const verified = await logInThroughApi(site, backend, email, deviceId)
  return { email, deviceId, token: verified.token, user: verified.user as { email: string; evmAddress: Address; solanaAddress: string } }
}

/** A new device approved for a new address, with its code mailed (the address's 2nd mail). */
async function codeOnNewDevice(email: string, deviceId = freshDeviceId()) {
  expect((await siteCall(site, '/api/email/start', { body: { email, deviceId, ...DEV_FRAME } })).body).toEqual({ action: 'VERIFY_DEVICE' })
  await approveDeviceLink((await waitForMail(backend, email, 1)).link!)
  return { deviceId, code: (await waitForMail(backend, email, 2)).code! }
}

/** These tests are about the EOA: eip155 defaults to the smart account (test/server/smartAccount.test.ts). */
async function preferEoa(token: string) {
  for (const chainId of ['eip155:31337', 'eip155:31338']) expect((await siteCall(site, '/api/account/preferred', { token, body: { chainId, type: 'eoa' } })).status).toBe(200)
}

describe('the frame page', () => {
  it('is its own origin, announced in the deployment', async () => {
    expect(new URL(site).origin).not.toBe(new URL(backend.url).origin)
    expect(backend.deployment.secureSiteUrl).toBe(site)
    const deployment = await devFetch(backend, '/dev/deployment').then((response) => response.json())
    expect(deployment.secureSiteUrl).toBe(site)
  })

  it('is refused to an unknown or missing project with a 403 page', async () => {
    for (const query of ['?projectId=nobody&chainId=31337', '']) {
      const answer = await siteCall(site, `/${query}`)
      expect(answer.status).toBe(403)
      expect(answer.body).toContain('Invalid Project ID')
      expect(answer.body).not.toContain('frame.js')
      expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    }
  })

  it("may be framed only by the project's allowed origins, and runs only its own script", async () => {
    const dev = await siteCall(site, '/?projectId=latch-dev&chainId=31337&version=1&enableLogger=false')
    expect(dev.status).toBe(200)
    expect(dev.body).toContain('<script type="module" src="/frame.js"></script>')
    const policy = dev.headers.get('content-security-policy')!
    expect(policy).toContain('frame-ancestors http://127.0.0.1:* http://localhost:*')
    expect(policy).toContain("script-src 'self'")
    expect(policy).toContain("default-src 'none'")
    expect(policy).not.toContain('unsafe-inline')
    const shop = await siteCall(site, '/?projectId=shop')
    expect(shop.headers.get('content-security-policy')).toContain('frame-ancestors https://shop.example.com https://*.shop.example.com')
    const script = await fetch(`${site}/frame.js`)
    expect(script.status).toBe(200)
    expect(script.headers.get('content-type')).toContain('text/javascript')
    expect(await script.text()).toContain('@w3m-frame/')
  })

  it("serves the one-time-code field like the frame: for a known project only, framed by its allowed origins, its own script and style", async () => {
    const unknown = await siteCall(site, '/code-field?projectId=nobody&codeChannel=0123456789abcdef')
    expect(unknown.status).toBe(403)
    expect(unknown.body).not.toContain('code-field.js')
    expect(unknown.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    const field = await siteCall(site, '/code-field?projectId=shop&codeChannel=0123456789abcdef')
    expect(field.status).toBe(200)
    expect(field.body).toContain('<script type="module" src="/code-field.js"></script>')
    expect(field.body).toContain('autocomplete="one-time-code"')
    const policy = field.headers.get('content-security-policy')!
    expect(policy).toContain('frame-ancestors https://shop.example.com https://*.shop.example.com')
    expect(policy).toContain("default-src 'none'")
    expect(policy).not.toContain('unsafe-inline')
    for (const [path, type] of [['/code-field.js', 'text/javascript'], ['/code-field.css', 'text/css']] as const) {
      const asset = await fetch(`${site}${path}`)
      expect(asset.status).toBe(200)
      expect(asset.headers.get('content-type')).toContain(type)
    }
  })

  it("answers the project's allowed origins to its frame and refuses API calls from another page", async () => {
    expect((await siteCall(site, '/api/project?projectId=shop')).body).toEqual({ allowedOrigins: ['https://shop.example.com/', 'https://*.shop.example.com'] })
    expect((await siteCall(site, '/api/project?projectId=nobody')).status).toBe(403)
    const foreign = await fetch(`${site}/api/email/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: backend.url },
      body: JSON.stringify({ email: freshEmail('foreign'), deviceId: freshDeviceId(), ...DEV_FRAME }),
    })
    expect(foreign.status).toBe(403)
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('email login over SMTP', () => {
  it('mails a 6-digit code once the device is approved; the code logs in and the user has an EVM and a Solana address', async () => {
    const email = freshEmail('Login').replace('login', 'LOGIN')
    const deviceId = freshDeviceId()
    expect((await siteCall(site, '/api/email/start', { body: { email, deviceId, ...DEV_FRAME } })).body).toEqual({ action: 'VERIFY_DEVICE' })
    await approveDeviceLink((await waitForMail(backend, email, 1)).link!)
    const mail = await waitForMail(backend, email, 2)
    expect(mail).toMatchObject({ to: email.toLowerCase(), code: expect.stringMatching(/^\d{6}$/) })
    // The mail names the app, the page and the device that asked.
    expect(mail.text).toContain(`${mail.code} is your code to log in to your wallet on Latch dev.`)
    expect(mail.text).toContain('App: Latch dev (http://localhost:5173)\nDevice: An unknown device')
    expect(Date.parse(mail.receivedAt)).not.toBeNaN()

    const verified = await siteCall(site, '/api/otp/verify', { body: { email, deviceId, otp: mail.code, ...DEV_FRAME } })
    expect(verified.status).toBe(200)
    const { user, token } = verified.body
    expect(user.email).toBe(email.toLowerCase())
    expect(isAddress(user.evmAddress, { strict: true })).toBe(true)
    expect(base58.decode(user.solanaAddress)).toHaveLength(32)
    expect((await siteCall(site, '/api/user', { token })).body).toEqual(user)
    // The copy the frame hands the app names the session but is refused by the API.
    expect(verified.body.appToken).toMatch(/^ey/)
    expect(await siteCall(site, '/api/user', { token: verified.body.appToken })).toMatchObject({ status: 401, body: { message: 'Session Expired' } })
    // A code works once.
    expect((await siteCall(site, '/api/otp/verify', { body: { email, deviceId, otp: mail.code, ...DEV_FRAME } })).status).toBe(400)
  })

  it('refuses a second email within 30 s, naming the seconds left', async () => {
    const email = freshEmail('resend')
    const deviceId = freshDeviceId()
    expect((await siteCall(site, '/api/email/start', { body: { email, deviceId, ...DEV_FRAME } })).status).toBe(200)
    const again = await siteCall(site, '/api/email/start', { body: { email, deviceId, ...DEV_FRAME } })
    expect(again.status).toBe(429)
    expect(again.body.code).toBe('RESEND_TOO_SOON')
    const seconds = Number(/^Please try again after (\d+) seconds$/.exec(again.body.message)?.[1])
    expect(seconds).toBeGreaterThanOrEqual(25)
    expect(seconds).toBeLessThanOrEqual(30)
    expect(await readMailbox(backend, email)).toHaveLength(1)
  })

  it('locks the login on this device after 5 wrong codes: even the right code is refused then', async () => {
    const email = freshEmail('lock')
    const { deviceId, code } = await codeOnNewDevice(email)
    const wrong = code === '000000' ? '111111' : '000000'
    const messages: string[] = []
    for (let attempt = 0; attempt < 5; attempt++)
      messages.push((await siteCall(site, '/api/otp/verify', { body: { email, deviceId, otp: wrong, ...DEV_FRAME } })).body.message)
    expect(messages).toEqual([
      'Invalid code: 4 tries left',
      'Invalid code: 3 tries left',
      'Invalid code: 2 tries left',
      'Invalid code: 1 try left',
      'Too many wrong codes: this email is locked, try again in 10 minutes',
    ])
    const right = await siteCall(site, '/api/otp/verify', { body: { email, deviceId, otp: code, ...DEV_FRAME } })
    expect(right).toMatchObject({ status: 403, body: { code: 'LOGIN_LOCKED', message: 'Too many wrong codes: this email is locked, try again in 10 minutes' } })
    const restart = await siteCall(site, '/api/email/start', { body: { email, deviceId, ...DEV_FRAME } })
    expect(restart.body.code).toBe('LOGIN_LOCKED')
  })

  it('keeps the wrong codes across a resend: 4 wrong, a new code, 1 more wrong, and the email is locked', async () => {
    const email = freshEmail('resend-lock')
    const { deviceId, code } = await codeOnNewDevice(email)
    const wrong = (right: string | undefined) => (right === '000000' ? '111111' : '000000')
    for (let attempt = 0; attempt < 4; attempt++) await siteCall(site, '/api/otp/verify', { body: { email, deviceId, otp: wrong(code), ...DEV_FRAME } })
    // The 30 s resend wait, passed as the clock would pass it: the last email is dated 31 s back.
    await backend.storage.db.updateTable('secure_site_login_codes').set((row) => ({ sent_at: sql<number>`${row.ref('sent_at')} - 31000` })).where('email', '=', email).execute()
    expect((await siteCall(site, '/api/email/start', { body: { email, deviceId, ...DEV_FRAME } })).body).toEqual({ action: 'VERIFY_OTP' })
    const resent = await waitForMail(backend, email, 3)
    const fifth = await siteCall(site, '/api/otp/verify', { body: { email, deviceId, otp: wrong(resent.code), ...DEV_FRAME } })
    expect(fifth).toMatchObject({ status: 403, body: { code: 'LOGIN_LOCKED' } })
    expect((await siteCall(site, '/api/otp/verify', { body: { email, deviceId, otp: resent.code, ...DEV_FRAME } })).body.code).toBe('LOGIN_LOCKED')
  })

  it('asks a known user on a new device to approve it by the emailed link first; the page approves only by its button', async () => {
    const first = await logIn(freshEmail('device'))
    const newDevice = freshDeviceId()
    expect((await siteCall(site, '/api/email/start', { body: { email: first.email, deviceId: newDevice, ...DEV_FRAME } })).body).toEqual({ action: 'VERIFY_DEVICE' })
    const approval = await waitForMail(backend, first.email, 3)
    expect(approval.code).toBeUndefined()
    expect(approval.link).toMatch(new RegExp(`^${site}/device/approve\\?token=[\\w-]+$`))
    expect(approval.text).toContain('App: Latch dev (http://localhost:5173)\nDevice: An unknown device\nIP address: 127.0.0.1')
    // No code was sent yet: nothing to verify with.
    expect((await siteCall(site, '/api/otp/verify', { body: { email: first.email, deviceId: newDevice, otp: '123456', ...DEV_FRAME } })).body.code).toBe('NO_CODE')
    const status = () => siteCall(site, '/api/device/status', { body: { email: first.email, deviceId: newDevice, ...DEV_FRAME } }).then((answer) => answer.body)
    expect(await status()).toEqual({ approved: false })

    const page = await fetch(approval.link!)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Approve this device?')
    expect(html).toContain('<dt>Site</dt><dd><bdi>http://localhost:5173</bdi></dd>')
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self'")
    expect(await status()).toEqual({ approved: false })
    expect(await approveDeviceLink(approval.link!)).toContain('Device approved')
    expect(await status()).toEqual({ approved: true })
    expect((await fetch(approval.link!)).status).toBe(404)

    const codeMail = await waitForMail(backend, first.email, 4)
    const verified = await siteCall(site, '/api/otp/verify', { body: { email: first.email, deviceId: newDevice, otp: codeMail.code, ...DEV_FRAME } })
    expect(verified.status).toBe(200)
    expect(verified.body.user).toEqual(first.user)
  })

  it('refuses an approval link past its 10 minutes', async () => {
    const { email } = await logIn(freshEmail('stale'))
    const newDevice = freshDeviceId()
    expect((await siteCall(site, '/api/email/start', { body: { email, deviceId: newDevice, ...DEV_FRAME } })).body).toEqual({ action: 'VERIFY_DEVICE' })
    const { link, text } = await waitForMail(backend, email, 3)
    expect(text).toContain('within 10 minutes')
    // Ten minutes on, as the clock of the database sees it.
    await backend.storage.db.updateTable('secure_site_device_approvals').set({ approval_expires_at: Date.now() - 1 }).where('device_id', '=', newDevice).execute()
    const page = await fetch(link!)
    expect(page.status).toBe(404)
    expect(await page.text()).toContain('This approval link has expired')
    const token = new URL(link!).searchParams.get('token')!
    const post = await fetch(`${site}/device/approve`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token }).toString() })
    expect(post.status).toBe(404)
    expect((await siteCall(site, '/api/device/status', { body: { email, deviceId: newDevice, ...DEV_FRAME } })).body).toEqual({ approved: false })
  })

  it('shows the dev mailbox only with the admin token, whatever the peer or Origin', async () => {
    expect(await (await devFetch(backend, '/dev/mailbox?email=a@b.example')).json()).toEqual({ messages: [] })
    for (const headers of [{}, { origin: 'http://localhost:5173' }, { authorization: 'Bearer not-the-admin-token' }] as Array<Record<string, string>>) {
      const refused = await fetch(`${backend.url}/dev/mailbox?email=a@b.example`, { headers })
      expect({ headers, status: refused.status, body: await refused.json() }).toMatchObject({ headers, status: 401, body: { code: 'UNAUTHORIZED' } })
    }
  })

  it('sends through another SMTP server when given its URL, keeping nothing in its own mailbox', async () => {
    const inbox = await startMailService()
    const relay = await startMailService({ smtpUrl: `smtp://127.0.0.1:${inbox.smtpPort}` })
    try {
      await relay.mailer.send({ to: 'someone@example.com', subject: 'Your login code: 123456', text: 'Your login code is 123456.' })
      expect(inbox.mailbox.for('someone@example.com')).toMatchObject([{ subject: 'Your login code: 123456', code: '123456' }])
      expect(relay.mailbox.for('someone@example.com')).toEqual([])
      expect(relay.smtpPort).toBeUndefined()
    } finally {
      await relay.close()
      await inbox.close()
    }
  })

  it('refuses malformed input with 400 naming the field', async () => {
    const answer = await siteCall(site, '/api/email/start', { body: { email: 'not-an-email', deviceId: freshDeviceId(), ...DEV_FRAME } })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toContain('email')
    expect((await siteCall(site, '/api/otp/verify', { body: { email: 'a@b.example', deviceId: freshDeviceId(), otp: '12345' } })).status).toBe(400)
    expect((await siteCall(site, '/api/email/start', { body: { email: 'a@b.example', deviceId: freshDeviceId(), extra: 1 } })).status).toBe(400)
  })
})

describe('email change', () => {
  it('needs a code from the current address, then one from the new; the user keeps their addresses', async () => {
    const { email, deviceId, token, user } = await logIn(freshEmail('old'))
    const newEmail = freshEmail('new')
    expect((await siteCall(site, '/api/email/change', { token, body: { email: newEmail, appOrigin: DEV_FRAME.appOrigin } })).body).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    const primary = await waitForMail(backend, email, 3)
    expect(primary.text).toContain(`change your wallet's email to ${newEmail}`)
    expect(primary.text).toContain('App: Latch dev (http://localhost:5173)')
    // The new address's code step cannot be skipped.
    expect((await siteCall(site, '/api/email/change/secondary', { token, body: { otp: primary.code } })).body.code).toBe('NO_CODE')
    const wrong = primary.code === '000000' ? '111111' : '000000'
    expect((await siteCall(site, '/api/email/change/primary', { token, body: { otp: wrong, appOrigin: DEV_FRAME.appOrigin } })).body.message).toBe('Invalid code: 4 tries left')
    expect((await siteCall(site, '/api/email/change/primary', { token, body: { otp: primary.code, appOrigin: DEV_FRAME.appOrigin } })).body).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    const secondary = await waitForMail(backend, newEmail, 1)
    expect((await siteCall(site, '/api/email/change/secondary', { token, body: { otp: secondary.code } })).body).toEqual({ newEmail })
    expect((await siteCall(site, '/api/user', { token })).body).toEqual({ ...user, email: newEmail })
    // The new address logs in on the same device without a device link; the old one is no user now.
    await siteCall(site, '/api/sign-out', { token, body: {} })
    expect((await siteCall(site, '/api/email/start', { body: { email: newEmail, deviceId, ...DEV_FRAME } })).body).toEqual({ action: 'VERIFY_OTP' })
    const code = (await waitForMail(backend, newEmail, 2)).code
    expect((await siteCall(site, '/api/otp/verify', { body: { email: newEmail, deviceId, otp: code, ...DEV_FRAME } })).body.user).toEqual({ ...user, email: newEmail })
  })

  it('keeps the wrong codes across a resend: 4 wrong, a new code, 1 more wrong, and the change is locked', async () => {
    const { email, token } = await logIn(freshEmail('change-lock'))
    const newEmail = freshEmail('change-lock-new')
    await siteCall(site, '/api/email/change', { token, body: { email: newEmail, appOrigin: DEV_FRAME.appOrigin } })
    const { code } = await waitForMail(backend, email, 3)
    const wrong = (right: string | undefined) => (right === '000000' ? '111111' : '000000')
    for (let attempt = 0; attempt < 4; attempt++) await siteCall(site, '/api/email/change/primary', { token, body: { otp: wrong(code), appOrigin: DEV_FRAME.appOrigin } })
    // The 30 s resend wait, passed as the clock would pass it: the last email is dated 31 s back.
    await backend.storage.db.updateTable('secure_site_email_changes').set((row) => ({ sent_at: sql<number>`${row.ref('sent_at')} - 31000` })).execute()
    expect((await siteCall(site, '/api/email/change', { token, body: { email: newEmail, appOrigin: DEV_FRAME.appOrigin } })).body).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    const resent = await waitForMail(backend, email, 4)
    const fifth = await siteCall(site, '/api/email/change/primary', { token, body: { otp: wrong(resent.code), appOrigin: DEV_FRAME.appOrigin } })
    expect(fifth).toMatchObject({ status: 403, body: { code: 'LOGIN_LOCKED' } })
    expect((await siteCall(site, '/api/email/change/primary', { token, body: { otp: resent.code, appOrigin: DEV_FRAME.appOrigin } })).body.code).toBe('LOGIN_LOCKED')
  })

  it("refuses another user's address and a change without a session", async () => {
    const taken = await logIn()
    const { token } = await logIn()
    expect(await siteCall(site, '/api/email/change', { token, body: { email: taken.email, appOrigin: DEV_FRAME.appOrigin } })).toMatchObject({ status: 409, body: { code: 'EMAIL_IN_USE', message: 'This email is already in use' } })
    expect((await siteCall(site, '/api/email/change', { body: { email: freshEmail('x'), appOrigin: DEV_FRAME.appOrigin } })).status).toBe(401)
  })
})

describe('sessions', () => {
  it('answers 401 Session Expired to a forged, garbage or signed-out token', async () => {
    const { token } = await logIn()
    const forged = await new SignJWT({ sid: 'x' }).setProtectedHeader({ alg: 'HS256' }).setSubject('x').setIssuer('latch-secure-site').setExpirationTime('1h').sign(new Uint8Array(32))
    // The real token with its payload changed: the signature no longer matches.
    const [header, , signature] = token.split('.')
    const tampered = `${header}.${Buffer.from(JSON.stringify({ sid: 'x', sub: 'y', iss: 'latch-secure-site', exp: 9e9 })).toString('base64url')}.${signature}`
    for (const bad of [forged, tampered, 'garbage', undefined])
      expect(await siteCall(site, '/api/user', { token: bad })).toMatchObject({ status: 401, body: { code: 'SESSION_EXPIRED', message: 'Session Expired' } })

    expect((await siteCall(site, '/api/user', { token })).status).toBe(200)
    expect((await siteCall(site, '/api/sign-out', { token, body: {} })).status).toBe(200)
    expect(await siteCall(site, '/api/user', { token })).toMatchObject({ status: 401, body: { message: 'Session Expired' } })
  })

  // A few seconds, not one: a token's expiry is counted in whole seconds from when it was signed,
  // so a 1-second session can end before the next request on a loaded machine.
  describe('with a 4-second session', () => {
    let shortSite: SecureSite
    let mail: MailService
    beforeAll(async () => {
      mail = await startMailService()
      shortSite = await createSecureSite({
        services: backend.services,
        storage: backend.storage,
        projects: backend.projects,
        mailer: mail.mailer,
        secret: loadSecureSiteSecret(dataDir).secret,
        sessionTtlSeconds: 4,
        rateLimit: false,
      })
      await shortSite.listen(0)
    })
    afterAll(async () => {
      await shortSite?.close()
      await mail?.close()
    })

    it('answers 401 Session Expired once the token expired', async () => {
      const email = freshEmail('expiry')
      const deviceId = freshDeviceId()
      await siteCall(shortSite.url, '/api/email/start', { body: { email, deviceId, ...DEV_FRAME } })
      await expect.poll(() => mail.mailbox.for(email).length, { timeout: 10_000 }).toBe(1)
      await approveDeviceLink(mail.mailbox.for(email)[0]!.link!)
      await expect.poll(() => mail.mailbox.for(email).length, { timeout: 10_000 }).toBe(2)
      const { token } = (await siteCall(shortSite.url, '/api/otp/verify', { body: { email, deviceId, otp: mail.mailbox.for(email)[1]!.code, ...DEV_FRAME } })).body
      // Valid on both sites (one database, one secret) until it expires, then refused by both.
      expect((await siteCall(site, '/api/user', { token })).status).toBe(200)
      await expect.poll(async () => (await siteCall(shortSite.url, '/api/user', { token })).status, { timeout: 15_000, interval: 250 }).toBe(401)
      expect(await siteCall(site, '/api/user', { token })).toMatchObject({ status: 401, body: { message: 'Session Expired' } })
    })
  })
})

describe('signing and sending', () => {
  it('personal_sign, typed data and solana_signMessage verify against the user’s addresses', async () => {
    const { token, user } = await logIn()
    const message = 'Hello from the secure site'
    const hexMessage = `0x${Buffer.from(message).toString('hex')}` as Hex
    const signed = await siteCall(site, '/api/sign', { token, body: { chainId: 'eip155:31337', method: 'personal_sign', params: [hexMessage, user.evmAddress] } })
    expect(signed.status).toBe(200)
    expect(await verifyMessage({ address: user.evmAddress, message, signature: signed.body.result })).toBe(true)

    const typedData = {
      domain: { name: 'Latch Test', version: '1', chainId: 31337 },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Greeting: [{ name: 'text', type: 'string' }],
      },
      primaryType: 'Greeting',
      message: { text: 'hi' },
    } as const
    const typed = await siteCall(site, '/api/sign', {
      token,
      body: { chainId: 'eip155:31337', method: 'eth_signTypedData_v4', params: [user.evmAddress, JSON.stringify(typedData)] },
    })
    expect(typed.status).toBe(200)
    const { EIP712Domain: _domain, ...types } = typedData.types
    expect(await verifyTypedData({ address: user.evmAddress, domain: typedData.domain, types, primaryType: 'Greeting', message: typedData.message, signature: typed.body.result })).toBe(true)

    const solana = await siteCall(site, '/api/sign', {
      token,
      body: { chainId: backend.deployment.solana.caipNetworkId, method: 'solana_signMessage', params: { message: base58.encode(Buffer.from(message)), pubkey: user.solanaAddress } },
    })
    expect(solana.status).toBe(200)
    expect(ed25519.verify(base58.decode(solana.body.result.signature), Buffer.from(message), base58.decode(user.solanaAddress))).toBe(true)
    // Bytes that are not text (here a transaction's message) are not a message: nothing is signed.
    const transactionMessage = new Transaction({ feePayer: new PublicKey(user.solanaAddress), recentBlockhash: PublicKey.unique().toBase58() })
      .add(SystemProgram.transfer({ fromPubkey: new PublicKey(user.solanaAddress), toPubkey: Keypair.generate().publicKey, lamports: 1_000_000 }))
      .serializeMessage()
    const disguised = await siteCall(site, '/api/sign', {
      token,
      body: { chainId: backend.deployment.solana.caipNetworkId, method: 'solana_signMessage', params: { message: base58.encode(transactionMessage), pubkey: user.solanaAddress } },
    })
    expect(disguised).toMatchObject({ status: 400, body: { code: 'INVALID_PARAMS', message: 'Invalid parameters for solana_signMessage' } })

    // Only the user's own address signs.
    const other = await siteCall(site, '/api/sign', { token, body: { chainId: 'eip155:31337', method: 'personal_sign', params: [hexMessage, backend.deployment.devAccount] } })
    expect(other).toMatchObject({ status: 400, body: { code: 'INVALID_PARAMS', message: 'Invalid parameters for personal_sign' } })
  })

  it('eth_sendTransaction lands on the local chain from the user’s address', async () => {
    const { token, user } = await logIn()
    const { walletClient, publicClient } = evmClients(backend, 31337)
    await publicClient.waitForTransactionReceipt({ hash: await walletClient.sendTransaction({ to: user.evmAddress, value: parseEther('1') }) })
    const recipient = privateKeyToAccount(`0x${'42'.repeat(32)}`).address
    const before = await publicClient.getBalance({ address: recipient })
    const sent = await siteCall(site, '/api/sign', {
      token,
      body: { chainId: 'eip155:31337', method: 'eth_sendTransaction', params: [{ from: user.evmAddress, to: recipient, value: `0x${parseEther('0.25').toString(16)}` }] },
    })
    expect(sent.status).toBe(200)
    const receipt = await publicClient.waitForTransactionReceipt({ hash: sent.body.result })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(user.evmAddress.toLowerCase())
    expect(await publicClient.getBalance({ address: recipient })).toBe(before + parseEther('0.25'))
  })

  it('wallet_sendCalls sends each call from the user; wallet_getCallsStatus reports their receipts', async () => {
    const { token, user } = await logIn()
    await preferEoa(token)
    const { walletClient, publicClient } = evmClients(backend, 31338)
    await publicClient.waitForTransactionReceipt({ hash: await walletClient.sendTransaction({ to: user.evmAddress, value: parseEther('1') }) })
    const [first, second] = [privateKeyToAccount(`0x${'43'.repeat(32)}`).address, privateKeyToAccount(`0x${'44'.repeat(32)}`).address]
    const before = await Promise.all([first, second].map((address) => publicClient.getBalance({ address })))
    const calls = [
      { to: first, value: `0x${parseEther('0.1').toString(16)}` },
      { to: second, value: `0x${parseEther('0.2').toString(16)}`, data: '0x' },
    ]
    // A batch naming another chain than the request's (the one the visitor approved on) is refused, and nothing moves.
    const elsewhere = await siteCall(site, '/api/sign', { token, body: { chainId: 'eip155:31337', method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x7a6a', from: user.evmAddress, atomicRequired: false, calls }] } })
    expect(elsewhere).toMatchObject({ status: 400, body: { code: 'INVALID_PARAMS', message: 'Invalid parameters for wallet_sendCalls' } })
    expect(await Promise.all([first, second].map((address) => publicClient.getBalance({ address })))).toEqual(before)
    const sent = await siteCall(site, '/api/sign', { token, body: { chainId: 'eip155:31338', method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x7a6a', from: user.evmAddress, atomicRequired: false, calls }] } })
    expect(sent.status).toBe(200)
    expect(sent.body.result.id).toMatch(/^0x[0-9a-f]{32}$/)
    expect(await publicClient.getBalance({ address: first })).toBe(before[0]! + parseEther('0.1'))
    expect(await publicClient.getBalance({ address: second })).toBe(before[1]! + parseEther('0.2'))

    const status = await siteCall(site, '/api/rpc', { token, body: { chainId: 'eip155:31337', method: 'wallet_getCallsStatus', params: [sent.body.result.id] } })
    expect(status.body.result).toMatchObject({ version: '2.0.0', id: sent.body.result.id, chainId: '0x7a6a', status: 200, atomic: false })
    const receipts = status.body.result.receipts as Array<{ transactionHash: Hex; status: string }>
    expect(receipts.map((receipt) => receipt.status)).toEqual(['0x1', '0x1'])
    for (const receipt of receipts) expect((await publicClient.getTransaction({ hash: receipt.transactionHash })).from.toLowerCase()).toBe(user.evmAddress.toLowerCase())
    // Another user's session does not see this batch.
    const other = await logIn()
    expect((await siteCall(site, '/api/rpc', { token: other.token, body: { chainId: 'eip155:31337', method: 'wallet_getCallsStatus', params: [sent.body.result.id] } })).status).toBe(400)

    const capabilities = await siteCall(site, '/api/rpc', { token, body: { chainId: 'eip155:31337', method: 'wallet_getCapabilities', params: [user.evmAddress] } })
    expect(capabilities.body.result).toEqual({ '0x7a69': { atomic: { status: 'unsupported' } }, '0x7a6a': { atomic: { status: 'unsupported' } } })
    const refuse = (request: Record<string, unknown>) => siteCall(site, '/api/sign', { token, body: { chainId: 'eip155:31337', method: 'wallet_sendCalls', params: [request] } })
    expect((await refuse({ atomicRequired: true, calls })).body).toMatchObject({ code: 'INVALID_PARAMS' })
    expect((await refuse({ calls: [{ to: 'nothex', data: '0x' }] })).status).toBe(400)
    expect((await refuse({ calls: [{ to: first, data: 'abcd' }] })).status).toBe(400)
    expect((await refuse({ calls: [] })).status).toBe(400)
  })

  it('solana_signTransaction adds a valid signature; solana_signAndSendTransaction lands on the local cluster', async () => {
    const { token, user } = await logIn()
    const { cluster, caipNetworkId } = backend.services.solana
    cluster.airdrop(user.solanaAddress, 2_000_000_000n)
    const recipient = Keypair.generate().publicKey
    const transfer = () =>
      base58.encode(
        new Transaction({ feePayer: new PublicKey(user.solanaAddress), recentBlockhash: PublicKey.unique().toBase58() })
          .add(SystemProgram.transfer({ fromPubkey: new PublicKey(user.solanaAddress), toPubkey: recipient, lamports: 250_000_000 }))
          .serialize({ requireAllSignatures: false, verifySignatures: false }),
      )
    const signed = await siteCall(site, '/api/sign', { token, body: { chainId: caipNetworkId, method: 'solana_signTransaction', params: { transaction: transfer() } } })
    expect(signed.status).toBe(200)
    expect(Transaction.from(base58.decode(signed.body.result.transaction)).verifySignatures()).toBe(true)

    const sent = await siteCall(site, '/api/sign', { token, body: { chainId: caipNetworkId, method: 'solana_signAndSendTransaction', params: { transaction: transfer() } } })
    expect(sent.status).toBe(200)
    expect(cluster.status(sent.body.result.signature)).toMatchObject({ err: null })
    expect(cluster.balance(recipient.toBase58())).toBe(250_000_000n)

    // A transaction that does not name the user as a signer is not theirs to sign.
    const foreign = base58.encode(
      new Transaction({ feePayer: recipient, recentBlockhash: PublicKey.unique().toBase58() })
        .add(SystemProgram.transfer({ fromPubkey: recipient, toPubkey: recipient, lamports: 1 }))
        .serialize({ requireAllSignatures: false, verifySignatures: false }),
    )
    expect((await siteCall(site, '/api/sign', { token, body: { chainId: caipNetworkId, method: 'solana_signTransaction', params: { transaction: foreign } } })).status).toBe(400)
  })

  it('answers safe reads from the chain and refuses a method on neither list', async () => {
    const { token, user } = await logIn()
    await preferEoa(token)
    const rpc = (method: string, params?: unknown, chainId = 'eip155:31338') => siteCall(site, '/api/rpc', { token, body: { chainId, method, params } })
    expect((await rpc('eth_chainId')).body).toEqual({ result: '0x7a6a' })
    expect((await rpc('eth_accounts')).body).toEqual({ result: [user.evmAddress] })
    const chain = createPublicClient({ transport: http(backend.deployment.evm[1]!.rpcUrl) })
    expect(BigInt((await rpc('eth_blockNumber')).body.result)).toBe(await chain.getBlockNumber())
    expect(await rpc('eth_sign', [user.evmAddress, '0x00'])).toMatchObject({ status: 400, body: { message: 'Requested RPC call is not allowed' } })
    expect(await rpc('eth_chainId', [], 'eip155:1')).toMatchObject({ status: 400, body: { message: 'Chain is not supported' } })
    // The node's own refusal comes back as a 400 with its reason, not a 500.
    const refused = await rpc('eth_getBalance', ['not-an-address', 'latest'])
    expect(refused).toMatchObject({ status: 400, body: { code: 'RPC_ERROR' } })
    expect(refused.body.message).toContain('not-an-address')
  })
})

// The data folder's files: on the Postgres run the keys are not in them.
describe.skipIf(testDatabaseKind() === 'postgres')('keys at rest', () => {
  it('keeps a 0600 key file and no private key in clear in the database files', async () => {
    const users = [await logIn(), await logIn()]
    const keyFile = join(dataDir, 'secure-site.key')
    expect(statSync(keyFile).mode & 0o777).toBe(0o600)
    const { secret } = loadSecureSiteSecret(dataDir)
    const db = new Database(join(dataDir, 'latch.sqlite'), { readonly: true })
    const files = ['latch.sqlite', 'latch.sqlite-wal'].map((file) => join(dataDir, file)).filter(existsSync).map((file) => readFileSync(file))
    const haystacks = files.flatMap((bytes) => [bytes, Buffer.from(bytes.toString('latin1').toLowerCase(), 'latin1')])
    try {
      for (const { user } of users) {
        const id = db.prepare<[string], { id: string }>('SELECT id FROM secure_site_users WHERE email = ?').get(user.email)!.id
        const sealed = (kind: string) => db.prepare<[string, string], { sealed: Buffer }>('SELECT sealed FROM secure_site_keys WHERE user_id = ? AND kind = ?').get(id, kind)!.sealed
        // The sealed keys are the user's: they open with the key file to the keys behind the addresses.
        const evmKey = unsealKey(sealed('secp256k1'), { userId: id, kind: 'secp256k1', secret })
        const solanaKey = unsealKey(sealed('ed25519'), { userId: id, kind: 'ed25519', secret })
        expect(privateKeyToAccount(`0x${evmKey.toString('hex')}`).address).toBe(user.evmAddress)
        expect(base58.encode(ed25519.getPublicKey(solanaKey))).toBe(user.solanaAddress)
        // …and appear nowhere in clear: not as bytes, hex, or base58 (alone or as a Solana keypair).
        const solanaKeypair = Buffer.concat([solanaKey, base58.decode(user.solanaAddress)])
        const needles = [evmKey, solanaKey, evmKey.toString('hex'), solanaKey.toString('hex'), base58.encode(solanaKey), base58.encode(solanaKeypair)]
        for (const needle of needles) for (const haystack of haystacks) expect(haystack.includes(needle)).toBe(false)
        // The search can find what is there: the public addresses are stored in clear.
        expect(haystacks.some((haystack) => haystack.includes(user.solanaAddress))).toBe(true)
      }
    } finally {
      db.close()
    }
  })
})

describe('hostile input', () => {
  const POSTS = ['/api/email/start', '/api/device/status', '/api/otp/verify', '/api/rpc', '/api/sign', '/api/sign-out', '/api/sign-out/everywhere', '/api/session/refresh', '/api/email/change', '/api/email/change/primary', '/api/email/change/secondary', '/api/account/preferred']
  const GETS = ['/', '/api/project', '/api/user', '/device/approve', '/api/account', '/api/smart-account/networks']

  it('answers garbage with a 4xx {code, message}, never a 5xx (fast-check, seed 20261123)', async () => {
    const { token } = await logIn()
    const value = fc.oneof(fc.string({ maxLength: 40 }), fc.integer(), fc.constant(null), fc.boolean(), fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }))
    const body = fc.oneof(fc.dictionary(fc.constantFrom('email', 'deviceId', 'otp', 'chainId', 'method', 'params', 'projectId', 'appOrigin', 'type', '__proto__', 'x'), value), fc.string({ maxLength: 60 }), value)
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...POSTS), body, fc.boolean(), async (path, payload, withToken) => {
        const response = await fetch(`${site}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: site, ...(withToken ? { authorization: `Bearer ${token}` } : {}) },
          body: typeof payload === 'string' ? payload : JSON.stringify(payload),
        })
        const answer = (await response.json()) as { code?: unknown; message?: unknown }
        expect(response.status, `${path} ${JSON.stringify(payload)}`).toBeLessThan(500)
        if (response.status >= 400) expect(typeof answer.code === 'string' && typeof answer.message === 'string').toBe(true)
      }),
      { seed: 20261123, numRuns: 300 },
    )
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...GETS), fc.dictionary(fc.constantFrom('projectId', 'email', 'deviceId', 'token', 'chainId'), fc.string({ maxLength: 40 })), async (path, query) => {
        const response = await fetch(`${site}${path}?${new URLSearchParams(query)}`)
        expect(response.status, `${path} ${JSON.stringify(query)}`).toBeLessThan(500)
      }),
      { seed: 20261123, numRuns: 200 },
    )
  })
})
