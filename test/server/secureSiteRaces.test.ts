import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { MAX_WRONG_CODES } from '../../server/secureSite/LoginLimits.js'
import { approveDeviceLink, DEV_FRAME, freshDeviceId, freshEmail, siteCall, waitForMail } from './secureSiteSupport.js'
import { postedMessage, signInAtProvider } from './socialLoginSupport.js'
import { testDatabaseKind, testDatabaseUrl } from '../support/testDatabase.js'

// Issue 28: the secure site's two check-then-acts on the storage layer, hit by 50 requests at once
// on SQLite through Kysely (async, like any shared database) and on Postgres (this file again, in
// the `unit-postgres` project). Five wrong codes lock a device: every wrong code is counted, so
// the lock is taken and holds. A social login's result is redeemed once: one session. Over HTTP,
// request handling spreads the 50 out, so on SQLite a read-then-write port can slip through here;
// server/secureSite/loginRaces.test.ts races the same statements head-on and catches it on both.
const CONCURRENT = 50
const APP = 'http://127.0.0.1:5173'
let backend: RunningBackend
let dataDir: string
let site: string

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'latch-secure-races-'))
  backend = await startBackend({
    dev: true,
    dataDir,
    databaseUrl: await testDatabaseUrl(),
    rateLimit: false,
    projects: [{ id: 'latch-dev', name: 'Latch dev', allowedOrigins: ['http://127.0.0.1:*', 'http://localhost:*'], features: { email: true, socials: true } }],
  })
  site = backend.secureSiteUrl
}, 180_000)
afterAll(async () => {
  await backend?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

describe(`given a login code and ${CONCURRENT} wrong codes for it at once (${testDatabaseKind()})`, () => {
  /** A new device approved for a new address, with its code mailed. */
  const codeOnNewDevice = async () => {
    const email = freshEmail('race')
    const deviceId = freshDeviceId()
    expect((await siteCall(site, '/api/email/start', { body: { email, deviceId, ...DEV_FRAME } })).body).toEqual({ action: 'VERIFY_DEVICE' })
    await approveDeviceLink((await waitForMail(backend, email, 1)).link!)
    return { email, deviceId, code: (await waitForMail(backend, email, 2)).code! }
  }
  const verify = (email: string, deviceId: string, otp: string) => siteCall(site, '/api/otp/verify', { body: { email, deviceId, otp, ...DEV_FRAME } })
  const wrongFor = (code: string) => (code === '000000' ? '000001' : '000000')

  it('logs in with the right code (positive control)', async () => {
    const { email, deviceId, code } = await codeOnNewDevice()
    expect(await verify(email, deviceId, code)).toMatchObject({ status: 200, body: { user: { email } } })
  })

  it('counts every wrong code: the lock is taken after five, holds, and refuses the right code', async () => {
    const { email, deviceId, code } = await codeOnNewDevice()
    const answers = await Promise.all(Array.from({ length: CONCURRENT }, () => verify(email, deviceId, wrongFor(code))))

    // Each counted wrong code left one fewer try: 4, 3, 2, 1 once each, then the lock for the rest.
    const wrong = answers.filter((answer) => answer.body.code === 'INVALID_CODE').map((answer) => answer.body.message as string)
    expect(wrong.sort()).toEqual(Array.from({ length: MAX_WRONG_CODES - 1 }, (_, index) => `Invalid code: ${index + 1} ${index === 0 ? 'try' : 'tries'} left`))
    expect(answers.filter((answer) => answer.body.code !== 'LOGIN_LOCKED' && answer.body.code !== 'INVALID_CODE')).toEqual([])
    expect(answers.filter((answer) => answer.body.code === 'LOGIN_LOCKED')).toHaveLength(CONCURRENT - (MAX_WRONG_CODES - 1))

    // The device's count is every wrong code that reached it (one hourly event each), and its lock stands.
    const db = backend.storage.db
    const counted = await db.selectFrom('secure_site_email_events').select('at').where('email', '=', email).where('kind', '=', 'wrong').execute()
    const failures = await db.selectFrom('secure_site_login_failures').selectAll().where('email', '=', email).where('device_id', '=', deviceId).executeTakeFirstOrThrow()
    expect(counted.length).toBeGreaterThanOrEqual(MAX_WRONG_CODES)
    expect(failures.wrong_tries).toBe(counted.length)
    expect(failures.locked_until).toBeGreaterThan(Date.now())
    expect(await verify(email, deviceId, code)).toMatchObject({ status: 403, body: { code: 'LOGIN_LOCKED' } })
  })
})

describe(`given a social login's result redeemed ${CONCURRENT} times at once (${testDatabaseKind()})`, () => {
  /** A social login run up to the popup's result: the result URI and the frame's secret. */
  const socialResult = async (username: string) => {
    const started = await siteCall(site, '/api/social/start', { body: { provider: 'google', projectId: 'latch-dev', appOrigin: APP } })
    expect(started.status).toBe(200)
    const { uri, loginSecret } = started.body as { uri: string; loginSecret: string }
    const back = await signInAtProvider(uri, `${site}/social/callback`, { username, email: `${username}@example.com` })
    const posted = postedMessage(await (await fetch(back)).text())
    return { resultUri: posted!.message.resultUri!, loginSecret }
  }
  const finish = (body: { resultUri: string; loginSecret: string }) => siteCall(site, '/api/social/finish', { body })
  const sessionsOf = (userId: string) => backend.storage.db.selectFrom('secure_site_sessions').select('id').where('user_id', '=', userId).execute()

  it('redeems a result (positive control)', async () => {
    const finished = await finish(await socialResult(`control${Date.now().toString(36)}`))
    expect(finished).toMatchObject({ status: 200, body: { token: expect.any(String), user: { socialProvider: 'google' } } })
  })

  it('redeems it once: one session, the others SOCIAL_RESULT_INVALID', async () => {
    const username = `racer${Date.now().toString(36)}`
    const redeemed = await socialResult(username)
    const finishes = await Promise.all(Array.from({ length: CONCURRENT }, () => finish(redeemed)))
    expect(finishes.map((answer) => answer.status).sort()).toEqual([200, ...Array<number>(CONCURRENT - 1).fill(400)])
    for (const answer of finishes.filter((answer) => answer.status === 400)) expect(answer.body).toMatchObject({ code: 'SOCIAL_RESULT_INVALID' })
    const winner = finishes.find((answer) => answer.status === 200)!
    const user = await backend.storage.db.selectFrom('secure_site_users').select('id').where('evm_address', '=', winner.body.user.evmAddress).executeTakeFirstOrThrow()
    expect(await sessionsOf(user.id)).toHaveLength(1)
  })
})
