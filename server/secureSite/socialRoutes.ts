import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { ProjectStore } from '../plugins/projects/ProjectStore.js'
import type { SessionTokens } from './SessionTokens.js'
import type { SocialLogin } from './SocialLogin.js'
import { isOAuthSocialProvider, OAUTH_SOCIAL_PROVIDERS } from './SocialClients.js'
import { SOCIAL_RESULT_SCRIPT, socialResultPage } from './socialResultPage.js'
import { pageLocale, pageText } from './pageText.js'
import { enabledSocials } from '../config/toHostedFeatureList.js'
import { LOGIN_CALL_PROPERTIES, loginRequestOf } from './loginRequestOf.js'
import { SocialCallbackInvalidError, SocialProviderNotConfiguredError } from './errors.js'
import { SOCIAL_RESULT_TYPE, type SocialResultMessage } from '../../chains/auth/frameProtocol.js'
import { publicUser } from './publicUser.js'
import type { DpopProofs } from './DpopProofs.js'
import { deviceProof } from './deviceProof.js'

export interface SocialRoutesOptions {
  projects: ProjectStore
  social: SocialLogin
  sessions: SessionTokens
  /** The session starts bound to the key that proves the finishing request. */
  proofs: DpopProofs
  siteUrl: () => string
}

const PAGE_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
const bodyOf = (properties: Record<string, unknown>, required: string[]) => ({ type: 'object', properties, required, additionalProperties: false })
const Secret = { type: 'string', minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }

function sendPage(reply: FastifyReply, status: number, type: string, body: string) {
  return reply
    .code(status)
    .header('content-type', type)
    .header('content-security-policy', PAGE_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .send(body)
}

/**
 * Social login's routes (SPEC §4). For the frame: `POST /api/social/start` (the provider's
 * authorization URL and the frame's secret) and `POST /api/social/finish` (the popup's result
 * plus that secret: a session, like email's). For the popup: `GET /social/callback`, where the
 * provider sends it back; the page posts the result to its opener, the page that started it.
 */
export const socialRoutes: FastifyPluginAsync<SocialRoutesOptions> = async (app, { projects, social, sessions, proofs, siteUrl }) => {
  app.post<{ Body: { provider: string; projectId: string; appOrigin: string } }>(
    '/api/social/start',
    {
      schema: {
        body: bodyOf({ provider: { type: 'string', enum: [...OAUTH_SOCIAL_PROVIDERS] }, ...LOGIN_CALL_PROPERTIES }, ['provider', 'projectId', 'appOrigin']),
      },
    },
    async (request) => {
      const { provider } = request.body
      // The popup posts its result to appOrigin: only one the project allows, never '*'; and only from the frame.
      const { project, appOrigin } = loginRequestOf(request, projects, siteUrl(), request.body)
      // Only a provider the project turns on: the modal never offers another, so anything else is forged.
      if (!isOAuthSocialProvider(provider) || !enabledSocials(projects.get(project.id)!.features).includes(provider)) throw new SocialProviderNotConfiguredError({ provider })
      return social.start(provider, `${siteUrl()}/social/callback`, project.id, appOrigin)
    },
  )

  app.post<{ Body: { resultUri: string; loginSecret: string } }>(
    '/api/social/finish',
    { schema: { body: bodyOf({ resultUri: { type: 'string', minLength: 1, maxLength: 2048 }, loginSecret: Secret }, ['resultUri', 'loginSecret']) } },
    async (request) => {
      // Before the result is redeemed: a finish without a device key never uses it up.
      const jkt = await deviceProof(proofs, request, siteUrl())
      const { user, appOrigin } = await social.redeem(request.body.resultUri, request.body.loginSecret)
      return { ...(await sessions.issue(user.id, { jkt, projectId: user.projectId, appOrigin })), user: publicUser(user, user.profile) }
    },
  )

  // Apple's `response_mode=form_post`: the provider's page POSTs code and state here, url-encoded.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8192 }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))))

  // The popup's page speaks the browser's language: a provider's redirect carries none of ours.
  const wordsFor = (request: FastifyRequest) => pageText(pageLocale(undefined, request.headers['accept-language']))
  const callback = async (request: FastifyRequest, reply: FastifyReply) => {
    // A form post carries the response in its body: read as the same callback URL's query.
    const url = new URL(request.url, siteUrl())
    if (request.method === 'POST' && request.body && typeof request.body === 'object')
      for (const [key, value] of Object.entries(request.body as Record<string, unknown>)) if (['code', 'state', 'error', 'error_description', 'iss'].includes(key) && typeof value === 'string') url.searchParams.set(key, value)
    let outcome
    try {
      outcome = await social.complete(url, siteUrl())
    } catch (error) {
      if (!(error instanceof SocialCallbackInvalidError)) throw error
      // No login of ours: there is no page origin to trust, so nothing is posted.
      return sendPage(reply, 400, 'text/html; charset=utf-8', socialResultPage(await wordsFor(request), false))
    }
    const message: SocialResultMessage = 'result' in outcome ? { type: SOCIAL_RESULT_TYPE, resultUri: outcome.result } : { type: SOCIAL_RESULT_TYPE, error: outcome.error }
    return sendPage(reply, 200, 'text/html; charset=utf-8', socialResultPage(await wordsFor(request), 'result' in outcome, { appOrigin: outcome.appOrigin, message }))
  }
  app.get('/social/callback', callback)
  app.post('/social/callback', callback)
  app.get('/social-result.js', async (_request, reply) => sendPage(reply, 200, 'text/javascript; charset=utf-8', SOCIAL_RESULT_SCRIPT))
  app.get('/social/result', async (request, reply) =>
    sendPage(reply, 200, 'text/html; charset=utf-8', socialResultPage(await wordsFor(request), true)),
  )
}
