import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isAddress } from 'viem'
import { decodeJwt } from 'jose'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { siteCall } from './secureSiteSupport.js'
import { postedMessage, PopupClient, signInAtProvider } from './socialLoginSupport.js'
import { testDatabaseUrl } from '../support/testDatabase.js'

// Social login on the secure site against the embedded local OpenID provider (oidc-provider): the
// whole authorization code flow over HTTP, the provider's pages driven like a popup would.
let backend: RunningBackend
let dataDir: string
let site: string
const APP = 'http://127.0.0.1:5173'
let counter = 0
const freshName = (label: string) => `${label}.${Date.now().toString(36)}${counter++}`

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'latch-social-'))
  backend = await startBackend({
    databaseUrl: await testDatabaseUrl(),
    dev: true,
    dataDir,
    rateLimit: false,
    projects: [
      { id: 'latch-dev', name: 'Latch dev', allowedOrigins: ['http://127.0.0.1:*'], features: { socials: true } },
      { id: 'google-only', name: 'Google only', allowedOrigins: ['http://127.0.0.1:*'], features: { socials: ['google'] } },
      { id: 'no-socials', name: 'No socials', allowedOrigins: ['http://127.0.0.1:*'], features: { email: true } },
    ],
  })
  site = backend.secureSiteUrl
})

afterAll(async () => {
  await backend?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

async function start(provider = 'google', appOrigin = APP) {
  const started = await siteCall(site, '/api/social/start', { body: { provider, projectId: 'latch-dev', appOrigin } })
  expect(started.status).toBe(200)
  return started.body as { uri: string; loginSecret: string }
}

async function callback(url: string) {
  const response = await fetch(url)
  const html = await response.text()
  return { status: response.status, html, posted: postedMessage(html), csp: response.headers.get('content-security-policy') ?? '' }
}

describe('given the secure site as an OpenID client of the local provider', () => {
  it('runs the code flow with PKCE, state and nonce, posts the result to the page origin only, and the frame redeems it once with its secret', async () => {
    const { uri, loginSecret } = await start('discord')
    const authorization = new URL(uri)
    expect(authorization.origin).toBe(backend.openIdIssuer)
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'latch-secure-site-discord',
      redirect_uri: `${site}/social/callback`,
      code_challenge_method: 'S256',
      scope: 'openid profile email',
    })
    for (const param of ['state', 'nonce', 'code_challenge']) expect(authorization.searchParams.get(param)?.length).toBeGreaterThanOrEqual(43)

    const name = freshName('visitor')
    const back = await signInAtProvider(uri, `${site}/social/callback`, { username: name, email: `${name}@example.com` })
    const page = await callback(back)
    expect(page.status).toBe(200)
    expect(page.csp).toContain("script-src 'self'")
    expect(page.posted?.appOrigin).toBe(APP)
    const resultUri = page.posted!.message.resultUri!
    expect(resultUri.startsWith(`${site}/social/result?token=`)).toBe(true)

    // The page holds the result; without the frame's secret it is worthless.
    expect((await siteCall(site, '/api/social/finish', { body: { resultUri, loginSecret: 'x'.repeat(43) } })).body).toMatchObject({ code: 'SOCIAL_RESULT_INVALID', message: 'Failed to initiate social connection' })
    const finished = await siteCall(site, '/api/social/finish', { body: { resultUri, loginSecret } })
    expect(finished.status).toBe(200)
    expect(finished.body.user).toMatchObject({ userName: name, email: `${name}@example.com`, socialProvider: 'discord' })
    expect(isAddress(finished.body.user.evmAddress)).toBe(true)
    expect((await siteCall(site, '/api/user', { token: finished.body.token })).body).toEqual({ ...finished.body.user, hasPasskey: false })
    // Issue 26: the session records the page it was made for.
    expect(decodeJwt(finished.body.token)).toMatchObject({ appOrigin: APP })
    // Once only.
    expect((await siteCall(site, '/api/social/finish', { body: { resultUri, loginSecret } })).status).toBe(400)
    // A replayed callback finds no login.
    const replay = await callback(back)
    expect(replay.status).toBe(400)
    expect(replay.posted).toBeUndefined()

    // The same provider account later is the same user, with the same keys.
    const again = await start('discord')
    const second = await callback(await signInAtProvider(again.uri, `${site}/social/callback`, { username: name }))
    const user = (await siteCall(site, '/api/social/finish', { body: { resultUri: second.posted!.message.resultUri, loginSecret: again.loginSecret } })).body.user
    expect(user).toMatchObject({ userName: name, evmAddress: finished.body.user.evmAddress, socialProvider: 'discord' })
    expect(user.email).toBeUndefined()
  })

  it('refuses a callback whose state was tampered with, posting nothing, while the real one still completes', async () => {
    const { uri, loginSecret } = await start()
    const back = new URL(await signInAtProvider(uri, `${site}/social/callback`, { username: freshName('state') }))
    const forged = new URL(back)
    forged.searchParams.set('state', 'A'.repeat(43))
    const refused = await callback(forged.href)
    expect(refused.status).toBe(400)
    expect(refused.posted).toBeUndefined()
    expect(refused.html).not.toContain('social-result.js')
    const real = await callback(back.href)
    expect((await siteCall(site, '/api/social/finish', { body: { resultUri: real.posted!.message.resultUri, loginSecret } })).status).toBe(200)
  })

  it('refuses an id token whose nonce is not the one this login sent', async () => {
    const { uri, loginSecret } = await start()
    const state = new URL(uri).searchParams.get('state')!
    // As if the login's nonce were another one: the provider's id token carries the one in the URL.
    await backend.storage.db.updateTable('secure_site_social_logins').set({ nonce: 'another-nonce-another-nonce-another-nonce' }).where('state', '=', state).execute()
    const page = await callback(await signInAtProvider(uri, `${site}/social/callback`, { username: freshName('nonce') }))
    expect(page.posted).toEqual({ appOrigin: APP, message: { type: 'latch-social/RESULT', error: 'Failed to initiate social connection' } })
    expect(await backend.storage.db.selectFrom('secure_site_social_logins').select('state').where('state', '=', state).executeTakeFirst()).toBeUndefined()
    expect(loginSecret).toBeTruthy()
  })

  it('has the provider refuse an authorization request without PKCE, and the page hears the failure', async () => {
    const { uri } = await start()
    const withoutPkce = new URL(uri)
    withoutPkce.searchParams.delete('code_challenge')
    withoutPkce.searchParams.delete('code_challenge_method')
    const answer = await new PopupClient().get(withoutPkce.href)
    const location = new URL(answer.headers.get('location')!, withoutPkce)
    expect(`${location.origin}${location.pathname}`).toBe(`${site}/social/callback`)
    expect(location.searchParams.get('error')).toBe('invalid_request')
    expect(location.searchParams.get('error_description')).toMatch(/PKCE/)
    expect((await callback(location.href)).posted?.message).toEqual({ type: 'latch-social/RESULT', error: 'Failed to initiate social connection' })
  })

  it('hears a denied consent as a failure', async () => {
    const { uri } = await start('github')
    const page = await callback(await signInAtProvider(uri, `${site}/social/callback`, { username: freshName('deny'), allow: false }))
    expect(page.posted?.message.error).toBe('Failed to initiate social connection')
  })

  it('starts a login only for a page origin on the project allow-list and for a known provider', async () => {
    const off = await siteCall(site, '/api/social/start', { body: { provider: 'google', projectId: 'latch-dev', appOrigin: 'https://evil.example' } })
    expect(off).toMatchObject({ status: 403, body: { code: 'ORIGIN_NOT_ALLOWED' } })
    const path = await siteCall(site, '/api/social/start', { body: { provider: 'google', projectId: 'latch-dev', appOrigin: `${APP}/path` } })
    expect(path.status).toBe(403)
    expect((await siteCall(site, '/api/social/start', { body: { provider: 'myspace', projectId: 'latch-dev', appOrigin: APP } })).status).toBe(400)
    expect((await siteCall(site, '/api/social/start', { body: { provider: 'google', projectId: 'nope', appOrigin: APP } })).body.code).toBe('INVALID_PROJECT_ID')
    // The API is the frame's: a page elsewhere is refused before anything starts.
    const cross = await fetch(`${site}/api/social/start`, { method: 'POST', headers: { 'content-type': 'application/json', origin: APP }, body: '{}' })
    expect(cross.status).toBe(403)
  })

  it('starts a login only for a provider the project turns on, with the SPEC §8 refusal for the others', async () => {
    const startFor = (projectId: string, provider: string) => siteCall(site, '/api/social/start', { body: { provider, projectId, appOrigin: APP } })
    // The same secure site serves google for the project that lists it (so the refusals below are the project's doing).
    expect((await startFor('google-only', 'google')).status).toBe(200)
    expect(await startFor('google-only', 'discord')).toMatchObject({ status: 400, body: { code: 'SOCIAL_PROVIDER_NOT_CONFIGURED' } })
    expect(await startFor('no-socials', 'google')).toMatchObject({ status: 400, body: { code: 'SOCIAL_PROVIDER_NOT_CONFIGURED' } })
  })

  it('the provider signs in with a user name only, rejecting junk names on its page', async () => {
    const { uri } = await start()
    const popup = new PopupClient()
    const login = await popup.follow(uri, `${site}/social/callback`)
    const html = await login.response!.text()
    const action = new URL(/action="([^"]+\/login)"/.exec(html)![1]!, login.url).href
    const bad = await popup.postForm(action, { username: '<script>alert(1)</script>' })
    expect(bad.status).toBe(400)
    const text = await bad.text()
    expect(text).toContain('role="alert"')
    expect(text).not.toContain('<script>alert')
  })
})

describe('given a database from before social login', () => {
  it('rebuilds the users table so a user may have no email, keeping every user', async () => {
    const { default: Database } = await import('better-sqlite3')
    const { createSecureSiteTables } = await import('../../server/secureSite/createSecureSiteTables.js')
    const db = new Database(':memory:')
    db.exec('CREATE TABLE secure_site_users (id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE, evm_address TEXT NOT NULL, solana_address TEXT NOT NULL, created_at INTEGER NOT NULL)')
    db.prepare('INSERT INTO secure_site_users VALUES (?, ?, ?, ?, ?)').run('u1', 'old@example.com', '0x01', 'So1', 1)
    createSecureSiteTables(db)
    createSecureSiteTables(db)
    // No projects table here: the old users go to the seeded project's id.
    expect(db.prepare('SELECT id, project_id, email FROM secure_site_users').all()).toEqual([{ id: 'u1', project_id: 'latch-dev', email: 'old@example.com' }])
    const insert = db.prepare('INSERT INTO secure_site_users (id, project_id, email, evm_address, solana_address, created_at) VALUES (?, ?, ?, ?, ?, ?)')
    insert.run('u2', 'latch-dev', null, '0x02', 'So2', 2)
    expect(() => insert.run('u3', 'latch-dev', 'old@example.com', '0x03', 'So3', 3)).toThrow(/UNIQUE/)
    db.close()
  })
})
