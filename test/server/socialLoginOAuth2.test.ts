import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isAddress } from 'viem'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { startGitHubShapedOAuthProvider, type GitHubShapedOAuthProvider } from '../../server/oidc/startGitHubShapedOAuthProvider.js'
import { siteCall } from './secureSiteSupport.js'
import { postedMessage, PopupClient } from './socialLoginSupport.js'
import { testDatabaseUrl } from '../support/testDatabase.js'

// Issue 29, social login beyond OpenID discovery: GitHub is plain OAuth 2.0 with configured
// endpoints (its GitHub-shaped stand-in on its own port, no discovery document), and Apple
// answers by form post (the local OpenID provider in `response_mode=form_post`). The whole code
// flow over HTTP, the provider's pages driven as the popup would.
const APP = 'http://127.0.0.1:5173'
const CLIENT = { clientId: 'Iv1.latch-test', clientSecret: 'github-stand-in-secret-0123456789' }
let github: GitHubShapedOAuthProvider
let backend: RunningBackend | undefined
let site: string
let counter = 0
const freshLogin = (label: string) => `${label}-${Date.now().toString(36)}${counter++}`

beforeAll(async () => {
  github = await startGitHubShapedOAuthProvider({ ...CLIENT, redirectUris: () => (backend ? [`${backend.secureSiteUrl}/social/callback`] : []) })
  backend = await startBackend({
    databaseUrl: await testDatabaseUrl(),
    dev: true,
    rateLimit: false,
    projects: [{ id: 'latch-dev', name: 'Latch dev', allowedOrigins: ['http://127.0.0.1:*'], features: { socials: true } }],
    socialProviders: {
      github: {
        authorizationEndpoint: `${github.url}/login/oauth/authorize`,
        tokenEndpoint: `${github.url}/login/oauth/access_token`,
        userinfoEndpoint: `${github.url}/user`,
        emailsEndpoint: `${github.url}/user/emails`,
        scope: 'read:user user:email',
        ...CLIENT,
      },
    },
  })
  site = backend.secureSiteUrl
})
afterAll(async () => {
  await backend?.close()
  await github?.close()
})

async function start(provider: string) {
  const started = await siteCall(site, '/api/social/start', { body: { provider, projectId: 'latch-dev', appOrigin: APP } })
  expect(started.status).toBe(200)
  return started.body as { uri: string; loginSecret: string }
}

/** Signs in on the GitHub-shaped authorize page; the callback URL it redirects to. */
async function authorizeAtGitHub(uri: string, form: { login: string; email?: string; decision?: string }) {
  const page = await fetch(uri)
  expect(page.status).toBe(200)
  const params = Object.fromEntries(new URL(uri).searchParams)
  const answer = await new PopupClient().postForm(`${github.url}/login/oauth/authorize`, { ...params, email: '', decision: 'authorize', ...form })
  expect(answer.status).toBe(302)
  return answer.headers.get('location')!
}

async function callback(url: string) {
  const response = await fetch(url)
  const html = await response.text()
  return { status: response.status, posted: postedMessage(html) }
}

describe('given GitHub configured as a plain OAuth 2.0 provider (explicit endpoints, no discovery)', () => {
  it('positive control: logs in end to end with state and PKCE, the user read from /user and /user/emails', async () => {
    const { uri, loginSecret } = await start('github')
    const authorization = new URL(uri)
    expect(`${authorization.origin}${authorization.pathname}`).toBe(`${github.url}/login/oauth/authorize`)
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({ client_id: CLIENT.clientId, redirect_uri: `${site}/social/callback`, scope: 'read:user user:email', code_challenge_method: 'S256' })
    for (const param of ['state', 'code_challenge']) expect(authorization.searchParams.get(param)?.length).toBeGreaterThanOrEqual(43)
    // No id token in plain OAuth 2.0, so no nonce; no discovery document is ever asked for.
    expect(authorization.searchParams.has('nonce')).toBe(false)
    expect((await fetch(`${github.url}/.well-known/openid-configuration`)).status).toBe(404)

    const login = freshLogin('octocat')
    const page = await callback(await authorizeAtGitHub(uri, { login, email: `${login}@example.com` }))
    expect(page.status).toBe(200)
    expect(page.posted?.appOrigin).toBe(APP)
    const finished = await siteCall(site, '/api/social/finish', { body: { resultUri: page.posted!.message.resultUri!, loginSecret } })
    expect(finished.status).toBe(200)
    expect(finished.body.user).toMatchObject({ userName: login, email: `${login}@example.com`, socialProvider: 'github' })
    expect(isAddress(finished.body.user.evmAddress)).toBe(true)

    // The same GitHub account later is the same user (its numeric id is the subject).
    const again = await start('github')
    const second = await callback(await authorizeAtGitHub(again.uri, { login }))
    const user = (await siteCall(site, '/api/social/finish', { body: { resultUri: second.posted!.message.resultUri!, loginSecret: again.loginSecret } })).body.user
    expect(user).toMatchObject({ userName: login, evmAddress: finished.body.user.evmAddress, socialProvider: 'github' })
  })

  it('refuses a callback whose state was tampered with: nothing posted, no session', async () => {
    const { uri, loginSecret } = await start('github')
    const back = new URL(await authorizeAtGitHub(uri, { login: freshLogin('tamper') }))
    const tampered = new URL(back)
    tampered.searchParams.set('state', `${back.searchParams.get('state')!.slice(0, -2)}xx`)
    const refused = await callback(tampered.href)
    expect(refused.status).toBe(400)
    expect(refused.posted).toBeUndefined()
    expect((await siteCall(site, '/api/social/finish', { body: { resultUri: `${site}/social/result?token=${'x'.repeat(43)}`, loginSecret } })).body).toMatchObject({ code: 'SOCIAL_RESULT_INVALID' })
  })

  it("refuses one login's code under another login's state: GitHub refuses the PKCE verifier, and the page hears a failure", async () => {
    const victim = await start('github')
    const attacker = await start('github')
    const attackerBack = new URL(await authorizeAtGitHub(attacker.uri, { login: freshLogin('attacker') }))
    // The attacker's code, sent back under the victim's login (login CSRF): the verifier is the victim's.
    const swapped = new URL(attackerBack)
    swapped.searchParams.set('state', new URL(victim.uri).searchParams.get('state')!)
    const page = await callback(swapped.href)
    expect(page.posted?.message).toEqual({ type: 'latch-social/RESULT', error: 'Failed to initiate social connection' })
    // The victim's login is used up, and the attacker's code was spent at the token endpoint.
    expect((await callback(swapped.href)).status).toBe(400)
    expect((await callback(attackerBack.href)).posted?.message.error).toBe('Failed to initiate social connection')
  })

  it('hears a cancelled authorization as a failure', async () => {
    const { uri } = await start('github')
    const page = await callback(await authorizeAtGitHub(uri, { login: freshLogin('cancel'), decision: 'cancel' }))
    expect(page.posted?.message.error).toBe('Failed to initiate social connection')
  })
})

describe("given Apple's form post (the local OpenID provider in response_mode=form_post)", () => {
  it('takes the code the provider POSTs to the callback, and refuses the same post again', async () => {
    const { uri, loginSecret } = await start('apple')
    expect(new URL(uri).searchParams.get('response_mode')).toBe('form_post')
    const popup = new PopupClient()
    const login = await popup.follow(uri, `${site}/social/callback`)
    const loginHtml = await login.response!.text()
    const loginAction = new URL(/action="([^"]+\/login)"/.exec(loginHtml)![1]!, login.url).href
    const name = freshLogin('apple')
    const consent = await popup.follow(loginAction, `${site}/social/callback`, await popup.postForm(loginAction, { username: name, email: `${name}@privaterelay.example` }))
    const consentHtml = await consent.response!.text()
    const consentAction = new URL(/action="([^"]+\/consent)"/.exec(consentHtml)![1]!, consent.url).href
    const done = await popup.follow(consentAction, `${site}/social/callback`, await popup.postForm(consentAction, { decision: 'allow' }))
    // Not a redirect: a page whose form posts code and state to the callback.
    const formHtml = await done.response!.text()
    expect(formHtml).toContain(`action="${site}/social/callback"`)
    const fields = Object.fromEntries([...formHtml.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]))
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(['code', 'state']))
    const post = () => fetch(`${site}/social/callback`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' }, body: new URLSearchParams(fields).toString() })
    const answer = await post()
    const posted = postedMessage(await answer.text())
    expect(posted?.appOrigin).toBe(APP)
    const finished = await siteCall(site, '/api/social/finish', { body: { resultUri: posted!.message.resultUri!, loginSecret } })
    expect(finished.body.user).toMatchObject({ userName: name, socialProvider: 'apple' })
    // The same post replayed finds no login.
    const replay = await post()
    expect(replay.status).toBe(400)
    expect(postedMessage(await replay.text())).toBeUndefined()
  })
})
