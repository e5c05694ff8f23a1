import Fastify from 'fastify'
import { createHash, randomBytes } from 'node:crypto'

/** A running GitHub-shaped OAuth 2.0 stand-in: its origin and `close`. */
export interface GitHubShapedOAuthProvider {
  url: string
  close(): Promise<void>
}

/** One registered client: its id, secret, and where it may be sent back to (read per request: the secure site's URL comes later). */
export interface GitHubShapedClient {
  clientId: string
  clientSecret: string
  redirectUris: () => string[]
}

interface PendingCode {
  clientId: string
  redirectUri: string
  challenge: string
  login: string
  email: string
  expiresAt: number
}

const CODE_TTL_MS = 10 * 60_000
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const escape = (value: string) => value.replace(/[&<>"']/g, (char) => ESCAPES[char]!)
const LOGIN = /^[A-Za-z0-9-]{1,39}$/
const EMAIL = /^[^\s@<>"]{1,64}@[^\s@<>"]{1,190}$/

/**
 * A dev-only stand-in for a plain OAuth 2.0 provider in GitHub's shape: no discovery, and
 * GitHub's paths: `/login/oauth/authorize` (a page asking for a login name, then a redirect with
 * `code` and `state`), `/login/oauth/access_token` (client secret in the body, PKCE S256 checked,
 * one use per code), `/user` and `/user/emails` with the bearer token. It checks what GitHub
 * checks, and PKCE always, so a client that skips it fails here too. State is the client's to check.
 *
 * @example
 * const github = await startGitHubShapedOAuthProvider({ clientId, clientSecret, redirectUris: () => [`${site}/social/callback`] })
 */
export async function startGitHubShapedOAuthProvider(client: GitHubShapedClient, options: { port?: number; host?: string } = {}): Promise<GitHubShapedOAuthProvider> {
  const codes = new Map<string, PendingCode>()
  const tokens = new Map<string, { login: string; email: string }>()
  const ids = new Map<string, number>()
  const idOf = (login: string) => ids.get(login) ?? (ids.set(login, 1000 + ids.size), ids.get(login)!)
  const app = Fastify({ logger: false })
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8192 }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))))

  const oauthError = (error: string, description: string) => ({ error, error_description: description })
  /** The authorization request's parameters, or why it is refused (GitHub answers such errors on its own page). */
  const checkRequest = (query: Record<string, string | undefined>) => {
    if (query.client_id !== client.clientId) return { refused: 'unknown client_id' }
    if (!query.redirect_uri || !client.redirectUris().includes(query.redirect_uri)) return { refused: 'redirect_uri is not registered for this client' }
    if (!query.state) return { refused: 'state is required' }
    if (!query.code_challenge || query.code_challenge_method !== 'S256') return { refused: 'PKCE (code_challenge with S256) is required' }
    return { clientId: query.client_id, redirectUri: query.redirect_uri, state: query.state, challenge: query.code_challenge }
  }

  app.get<{ Querystring: Record<string, string | undefined> }>('/login/oauth/authorize', async (request, reply) => {
    const checked = checkRequest(request.query)
    if ('refused' in checked) return reply.code(400).type('text/plain; charset=utf-8').send(checked.refused)
    const hidden = Object.entries({ client_id: checked.clientId, redirect_uri: checked.redirectUri, state: checked.state, code_challenge: checked.challenge, code_challenge_method: 'S256' })
      .map(([name, value]) => `<input type="hidden" name="${name}" value="${escape(value)}">`)
      .join('')
    return reply
      .type('text/html; charset=utf-8')
      // form-action also governs where the form's answer redirects: back to the client's registered callback.
      .header('content-security-policy', `default-src 'none'; form-action 'self' ${new URL(checked.redirectUri).origin}; frame-ancestors 'none'`)
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorize (GitHub-shaped stand-in)</title></head><body><main><h1>Sign in to the GitHub-shaped stand-in</h1>` +
          `<form method="post" action="/login/oauth/authorize">${hidden}<label>Login <input name="login" required></label><label>Email <input name="email" type="email"></label>` +
          `<button name="decision" value="authorize">Authorize</button><button name="decision" value="cancel">Cancel</button></form></main></body></html>`,
      )
  })

  app.post<{ Body: Record<string, string | undefined> }>('/login/oauth/authorize', async (request, reply) => {
    const body = request.body ?? {}
    const checked = checkRequest(body)
    if ('refused' in checked) return reply.code(400).type('text/plain; charset=utf-8').send(checked.refused)
    const back = new URL(checked.redirectUri)
    back.searchParams.set('state', checked.state)
    if (body.decision !== 'authorize') {
      back.searchParams.set('error', 'access_denied')
      return reply.code(302).header('location', back.href).send()
    }
    const login = body.login ?? ''
    const email = body.email ?? ''
    if (!LOGIN.test(login) || (email !== '' && !EMAIL.test(email))) return reply.code(400).type('text/plain; charset=utf-8').send('login must be 1-39 letters, digits or dashes; email must be an address')
    const code = randomBytes(20).toString('hex')
    codes.set(code, { clientId: checked.clientId, redirectUri: checked.redirectUri, challenge: checked.challenge, login, email, expiresAt: Date.now() + CODE_TTL_MS })
    back.searchParams.set('code', code)
    return reply.code(302).header('location', back.href).send()
  })

  app.post<{ Body: Record<string, string | undefined> }>('/login/oauth/access_token', async (request, reply) => {
    const body = request.body ?? {}
    if (body.client_id !== client.clientId || body.client_secret !== client.clientSecret) return reply.code(401).send(oauthError('invalid_client', 'client_id or client_secret is wrong'))
    const pending = codes.get(body.code ?? '')
    // One use, whatever follows.
    codes.delete(body.code ?? '')
    if (!pending || pending.expiresAt < Date.now() || pending.clientId !== body.client_id) return reply.code(400).send(oauthError('bad_verification_code', 'The code passed is incorrect or expired.'))
    if (body.redirect_uri !== pending.redirectUri) return reply.code(400).send(oauthError('redirect_uri_mismatch', 'The redirect_uri does not match the authorization request.'))
    const challenge = createHash('sha256').update(body.code_verifier ?? '').digest('base64url')
    if (challenge !== pending.challenge) return reply.code(400).send(oauthError('invalid_grant', 'The code_verifier does not match the code_challenge.'))
    const accessToken = `gho_${randomBytes(18).toString('hex')}`
    tokens.set(accessToken, { login: pending.login, email: pending.email })
    return { access_token: accessToken, token_type: 'bearer', scope: 'read:user,user:email' }
  })

  const userOf = (authorization: string | undefined) => tokens.get(/^(?:bearer|token) (.+)$/i.exec(authorization ?? '')?.[1] ?? '')
  app.get('/user', async (request, reply) => {
    const user = userOf(request.headers.authorization)
    if (!user) return reply.code(401).send({ message: 'Bad credentials' })
    // Like GitHub for a user who keeps their email private: none here, it is in /user/emails.
    return { id: idOf(user.login), login: user.login, name: null, email: null }
  })
  app.get('/user/emails', async (request, reply) => {
    const user = userOf(request.headers.authorization)
    if (!user) return reply.code(401).send({ message: 'Bad credentials' })
    return user.email ? [{ email: user.email, primary: true, verified: true, visibility: 'private' }] : []
  })

  const host = options.host ?? '127.0.0.1'
  await app.listen({ port: options.port ?? 0, host })
  const address = app.server.address()
  return { url: `http://${host}:${typeof address === 'object' && address ? address.port : options.port}`, close: () => app.close() }
}
