import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { DEV_FRAME, approveDeviceLink, freshDeviceId, freshEmail, siteCall, waitForMail } from '../server/secureSiteSupport.js'
import { signInAtProvider } from '../server/socialLoginSupport.js'

// Issue 26, "No secret reaches a log" (review L8): the backend logs every request (Fastify's
// request log) and every mail it receives (the `[mail]` lines), here into a stream the test reads.
// It then runs an email login (its code), a device approval (its token), a social login through
// the local OpenID provider (its code and state, and the result token) and keeps the session
// tokens; the log must show those requests happened, and none of those values.
const lines: string[] = []
let backend: RunningBackend
let site: string

beforeAll(async () => {
  backend = await startBackend({ dev: true, rateLimit: false, logger: { stream: { write: (line: string) => lines.push(line) } } })
  site = backend.secureSiteUrl
}, 300_000)
afterAll(async () => {
  await backend?.close()
})

/** A value as it could appear in a log line: digits are matched whole, so a code is not found inside a timestamp. */
const appearsIn = (log: string, secret: string) => new RegExp(`(?<![0-9.])${secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![0-9])`).test(log)

describe('given a backend that logs its requests and mail', () => {
  it('logs the logins, approvals and callbacks without their codes, tokens or OAuth parameters', async () => {
    const secrets: Record<string, string> = {}
    // An email login on a new device: the approval link's token, then the code.
    const email = freshEmail('logged')
    const deviceId = freshDeviceId()
    expect((await siteCall(site, '/api/email/start', { body: { email, deviceId, ...DEV_FRAME } })).body).toEqual({ action: 'VERIFY_DEVICE' })
    const approvalMail = await waitForMail(backend, email, 1)
    secrets.deviceToken = new URL(approvalMail.link!).searchParams.get('token')!
    await approveDeviceLink(approvalMail.link!)
    const codeMail = await waitForMail(backend, email, 2)
    secrets.loginCode = codeMail.code!
    const verified = await siteCall(site, '/api/otp/verify', { body: { email, deviceId, otp: secrets.loginCode, ...DEV_FRAME } })
    expect(verified.status).toBe(200)
    secrets.sessionToken = verified.body.token
    // A social login through the local OpenID provider: the callback carries code and state.
    const started = await siteCall(site, '/api/social/start', { body: { provider: 'google', projectId: 'latch-dev', appOrigin: 'http://127.0.0.1:5173' } })
    expect(started.status).toBe(200)
    const name = `logged${Date.now().toString(36)}`
    const callbackUrl = new URL(await signInAtProvider(started.body.uri, `${site}/social/callback`, { username: name, email: `${name}@example.com` }))
    secrets.oauthCode = callbackUrl.searchParams.get('code')!
    secrets.oauthState = callbackUrl.searchParams.get('state')!
    const callback = await fetch(callbackUrl)
    expect(callback.status).toBe(200)
    const resultUri = /"resultUri":"([^"]+)"/.exec(await callback.text())![1]!
    secrets.socialResultToken = new URL(resultUri).searchParams.get('token')!
    const finished = await siteCall(site, '/api/social/finish', { body: { resultUri, loginSecret: started.body.loginSecret } })
    expect(finished.status).toBe(200)
    secrets.socialSessionToken = finished.body.token
    for (const value of Object.values(secrets)) expect(value.length).toBeGreaterThanOrEqual(6)

    const log = lines.join('')
    // Positive control: the log did capture those requests and the mail.
    for (const path of ['/api/email/start', '/api/otp/verify', '/device/approve?token=', '/social/callback?', '/api/social/finish']) expect(log).toContain(path)
    expect(log).toContain(`[mail] Mail to ${email}`)
    // None of the secrets: the URLs are logged with their secret values replaced.
    const leaked = Object.entries(secrets).filter(([, value]) => appearsIn(log, value)).map(([name]) => name)
    expect(leaked).toEqual([])
    expect(log).toContain('/social/callback?code=[redacted]')
  })
})
