import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { createHash } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import type { Configuration, KoaContextWithOIDC, default as Provider } from 'oidc-provider'
import { importOidcProvider } from './importOidcProvider.js'
import { StandInOidcStore, type StandInOidcEntries } from './StandInOidcStore.js'
import { exportJWK, generateKeyPair } from 'jose'
import { consentPage, loginPage } from './interactionPages.js'

/** A client the provider knows: the secure site, once per social provider it stands in for. */
export interface LocalOpenIdClient {
  clientId: string
  clientSecret: string
  /** The name the sign-in page shows. */
  name: string
  redirectUris: string[]
}

export interface LocalOpenIdProviderOptions {
  clients: LocalOpenIdClient[]
  /** Signs the provider's cookies; derived from the secure site's secret. */
  cookieSecret: Buffer
  /** 0 (default) picks a free port. */
  port?: number
  host?: string
}

export interface LocalOpenIdProvider {
  /** The issuer (`http://host:port`), also where its discovery document is. */
  issuer: string
  close(): Promise<void>
}

const USERNAME = /^[A-Za-z0-9._-]{1,64}$/
const EMAIL = /^[^\s@]{1,64}@[^\s@.]+(\.[^\s@.]+)+$/
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  // No form-action: Chromium applies it to the redirect after the form, which leaves this origin.
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
  'cache-control': 'no-store',
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  let body = ''
  for await (const chunk of request) {
    body += String(chunk)
    if (body.length > 8192) break
  }
  return new URLSearchParams(body)
}

/**
 * A real OpenID provider (oidc-provider) on its own port, standing in for google, x, discord, …
 * on machines that cannot reach them: discovery, authorization code with PKCE required, signed
 * id tokens, a sign-in page that asks for a user name (no password) and a consent page. The
 * secure site talks to it with the same client code as to a real provider.
 *
 * @param options - see `LocalOpenIdProviderOptions`
 * @returns its issuer and `close`
 */
export async function startLocalOpenIdProvider(options: LocalOpenIdProviderOptions): Promise<LocalOpenIdProvider> {
  // Accounts are just the names typed on the sign-in page (and the email given with one).
  const emails = new Map<string, string>()
  let provider: Provider | undefined
  const server = createServer((request, response) => {
    if (!provider) return void response.writeHead(503).end()
    void route(provider, request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' })
      response.end('Internal error')
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve())
  })
  const issuer = `http://${options.host ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`
  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  const signingKey = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'local-1' }
  const names = new Map(options.clients.map((client) => [client.clientId, client.name]))

  const stored: StandInOidcEntries = new Map()
  const configuration: Configuration = {
    adapter: (model: string) => new StandInOidcStore(model, stored),
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      client_name: client.name,
      redirect_uris: client.redirectUris,
      response_types: ['code'],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    // Every client, confidential or not, must send a code challenge (S256).
    pkce: { required: () => true },
    jwks: { keys: [signingKey] },
    cookies: { keys: [createHash('sha256').update(options.cookieSecret).update('local openid cookies').digest('base64url')] },
    claims: { openid: ['sub'], profile: ['preferred_username', 'name'], email: ['email', 'email_verified'] },
    // The claims asked for by scope go in the id token too, as google's do: no userinfo round trip.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    // Short lives: a popup login takes a minute; nothing here is meant to last.
    ttl: { AuthorizationCode: 60, IdToken: 600, AccessToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      if (!USERNAME.test(id)) return undefined
      return {
        accountId: id,
        claims: async () => {
          const email = emails.get(id)
          return { sub: id, preferred_username: id, name: id, ...(email ? { email, email_verified: true } : {}) }
        },
      }
    },
  }
  provider = new (await importOidcProvider())(issuer, configuration)

  async function route(oidc: Provider, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const match = /^\/interaction\/([A-Za-z0-9_-]{1,100})(?:\/(login|consent))?$/.exec((request.url ?? '').split('?')[0] ?? '')
    if (!match) return void oidc.callback()(request, response)
    const [, uid, step] = match
    let details
    try {
      details = await oidc.interactionDetails(request, response)
    } catch {
      return void response.writeHead(400, PAGE_HEADERS).end(loginPage(uid!, 'the app', 'This sign-in has expired: start again from the app.'))
    }
    if (details.uid !== uid) return void response.writeHead(400, PAGE_HEADERS).end()
    const clientName = names.get(String(details.params.client_id)) ?? 'the app'
    if (request.method === 'GET') {
      if (details.prompt.name === 'login') return void response.writeHead(200, PAGE_HEADERS).end(loginPage(uid!, clientName))
      const claims = ['your user name', ...(String(details.params.scope).split(' ').includes('email') ? ['your email'] : [])]
      return void response.writeHead(200, PAGE_HEADERS).end(consentPage(uid!, clientName, claims))
    }
    if (request.method !== 'POST') return void response.writeHead(405).end()
    const form = await readForm(request)
    if (step === 'login' && details.prompt.name === 'login') {
      const username = (form.get('username') ?? '').trim()
      const email = (form.get('email') ?? '').trim().toLowerCase()
      if (!USERNAME.test(username) || (email !== '' && !EMAIL.test(email)))
        return void response.writeHead(400, PAGE_HEADERS).end(loginPage(uid!, clientName, 'Use letters, digits, dot, dash or underscore (at most 64), and a valid email if you give one.'))
      if (email) emails.set(username, email)
      else emails.delete(username)
      return oidc.interactionFinished(request, response, { login: { accountId: username } }, { mergeWithLastSubmission: false })
    }
    if (step === 'consent' && details.prompt.name === 'consent') {
      if (form.get('decision') !== 'allow')
        return oidc.interactionFinished(request, response, { error: 'access_denied', error_description: 'The user denied access' }, { mergeWithLastSubmission: false })
      const accountId = details.session?.accountId
      if (!accountId) return void response.writeHead(400).end()
      const grant = details.grantId ? await oidc.Grant.find(details.grantId) : new oidc.Grant({ accountId, clientId: String(details.params.client_id) })
      if (!grant) return void response.writeHead(400).end()
      const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] }
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '))
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims)
      const grantId = await grant.save()
      return oidc.interactionFinished(request, response, { consent: { grantId } }, { mergeWithLastSubmission: true })
    }
    response.writeHead(400, PAGE_HEADERS).end()
  }

  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
