import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { ProjectStore } from '../plugins/projects/ProjectStore.js'
import type { EmailLogin } from './EmailLogin.js'
import { bundleFramePage } from './bundleFramePage.js'
import { bundleApprovalWindowPage } from './bundleApprovalWindowPage.js'
import { bundleCodeFieldPage } from './bundleCodeFieldPage.js'
import { bundlePasskeyWindowPage } from './bundlePasskeyWindowPage.js'
import { PASSKEY_WINDOW_PATH } from '../web/walletFrame/passkeyWindowProtocol.js'
import { CODE_FIELD_PATH } from '../../chains/auth/codeFieldUrl.js'
import { APPROVAL_WINDOW_PATH } from '../web/walletFrame/approvalWindowProtocol.js'
import { frameAncestors } from './frameAncestors.js'
import { DeviceLinkInvalidError } from './errors.js'
import { deviceApprovalPage, textPage } from './deviceApprovalPage.js'
import { pageLocale, pageText, type PageText } from './pageText.js'
import { frameLocaleMessages } from './frameLocales.js'
import { FRAME_LOCALES_PATH } from '../../chains/auth/frameLocaleParam.js'

/** The page's own policy: its own script, style and API only; nothing inline. */
const PAGE_CSP = ["default-src 'none'", "script-src 'self'", "style-src 'self'", "connect-src 'self'", "img-src 'self'", "base-uri 'none'", "form-action 'none'"].join('; ')
/** The device-approval page posts its one form to itself. */
const APPROVAL_CSP = PAGE_CSP.replace("form-action 'none'", "form-action 'self'")

function send(reply: FastifyReply, type: string, body: string, framing = "frame-ancestors 'none'", policy = PAGE_CSP) {
  return reply
    .header('content-type', type)
    .header('content-security-policy', `${policy}; ${framing}`)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-cache')
    .send(body)
}

/** A page's words: in the locale the kit's URL or the emailed link names, else the browser's (Accept-Language). */
const wordsFor = (request: FastifyRequest<{ Querystring: { locale?: string } }> | FastifyRequest<{ Body: { locale?: string } }>, named: string | undefined) =>
  pageText(pageLocale(named, request.headers['accept-language']))

/**
 * `GET /?projectId=…&chainId=…&version=…&enableLogger=…`: the frame page, for a known project
 * only (else a 403 page), with `frame-ancestors` from the project's allow-list (SPEC §6), so a
 * page elsewhere cannot even load it. `GET /approve`: the approval window the frame opens where
 * it cannot prove its card is seen (never framed: `frame-ancestors 'none'`). `GET /passkey`: the
 * passkey window, where WebAuthn runs and an exported key is shown (KEY_SHARES.md; never framed).
 * `GET /code-field?projectId=…&codeChannel=…`: the one-time-code field the kit embeds in its modal,
 * framed like the frame page (issue 26: the code is typed on this origin, never in the page).
 * `GET /device/approve?token=…`: the emailed device link's page (what asks, and an Approve
 * button); `POST /device/approve`: that button.
 */
export const framePageRoutes: FastifyPluginAsync<{ projects: ProjectStore; login: EmailLogin }> = async (app, { projects, login }) => {
  // Any string: it only picks among the shipped names (pickPageLocale), and one it cannot read,
  // too long included, gives the page in English rather than refusing the visitor the page.
  const Locale = { type: 'string' }
  /** A page the project's allowed origins may frame; a 403 page for an unknown project. */
  const framedPage = (path: string, html: () => Promise<string>) =>
    app.get<{ Querystring: { projectId?: string; locale?: string } }>(
      path,
      { schema: { querystring: { type: 'object', properties: { projectId: { type: 'string', maxLength: 100 }, locale: Locale } } } },
      async (request, reply) => {
        const project = request.query.projectId ? projects.get(request.query.projectId) : undefined
        if (!project) return send(reply.code(403), 'text/html; charset=utf-8', textPage(await wordsFor(request, request.query.locale), 'page.unknownProjectTitle', 'page.unknownProjectText'))
        return send(reply, 'text/html; charset=utf-8', await html(), frameAncestors(project.allowedOrigins))
      },
    )
  framedPage('/', async () => (await bundleFramePage()).html)
  framedPage(CODE_FIELD_PATH, async () => (await bundleCodeFieldPage()).html)
  app.get(`${CODE_FIELD_PATH}.js`, async (_request, reply) => send(reply, 'text/javascript; charset=utf-8', (await bundleCodeFieldPage()).js))
  app.get(`${CODE_FIELD_PATH}.css`, async (_request, reply) => send(reply, 'text/css; charset=utf-8', (await bundleCodeFieldPage()).css))
  app.get('/frame.js', async (_request, reply) => send(reply, 'text/javascript; charset=utf-8', (await bundleFramePage()).js))
  // A top-level window only: framed, it could be covered like the frame it stands in for.
  app.get(APPROVAL_WINDOW_PATH, async (_request, reply) => send(reply, 'text/html; charset=utf-8', (await bundleApprovalWindowPage()).html))
  app.get('/approve.js', async (_request, reply) => send(reply, 'text/javascript; charset=utf-8', (await bundleApprovalWindowPage()).js))
  // The passkey window: top-level only, like the approval window (KEY_SHARES.md).
  app.get(PASSKEY_WINDOW_PATH, async (_request, reply) => send(reply, 'text/html; charset=utf-8', (await bundlePasskeyWindowPage()).html))
  app.get(`${PASSKEY_WINDOW_PATH}.js`, async (_request, reply) => send(reply, 'text/javascript; charset=utf-8', (await bundlePasskeyWindowPage()).js))
  app.get('/frame.css', async (_request, reply) => send(reply, 'text/css; charset=utf-8', (await bundleFramePage()).css))
  // The frame's and the approval window's words in one locale, fetched by them at start.
  app.get<{ Params: { file: string } }>(`${FRAME_LOCALES_PATH}:file`, async (request, reply) => {
    const messages = request.params.file.endsWith('.json') ? frameLocaleMessages(request.params.file.slice(0, -'.json'.length)) : undefined
    if (!messages) return reply.code(404).send({ error: 'Unknown locale' })
    return send(reply, 'application/json; charset=utf-8', await messages)
  })

  // The emailed link only shows what asks (a mail scanner that fetches it approves nothing);
  // the page's button POSTs the token back, and that approves.
  const invalidLink = async (reply: FastifyReply, words: Promise<PageText>) =>
    send(reply.code(404), 'text/html; charset=utf-8', textPage(await words, 'device.invalidTitle', 'device.invalidText'))
  const Token = { type: 'string', minLength: 1, maxLength: 100 }
  app.get<{ Querystring: { token: string; locale?: string } }>(
    '/device/approve',
    { schema: { querystring: { type: 'object', properties: { token: Token, locale: Locale }, required: ['token'] } } },
    async (request, reply) => {
      const words = wordsFor(request, request.query.locale)
      let pending
      try {
        pending = await login.pendingApproval(request.query.token)
      } catch (error) {
        if (!(error instanceof DeviceLinkInvalidError)) throw error
        return invalidLink(reply, words)
      }
      return send(reply, 'text/html; charset=utf-8', deviceApprovalPage(pending, request.query.token, await words), "frame-ancestors 'none'", APPROVAL_CSP)
    },
  )
  await app.register(async (form) => {
    // The page's form sends application/x-www-form-urlencoded; only this route reads it.
    form.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    )
    form.post<{ Body: { token: string; locale?: string } }>(
      '/device/approve',
      { schema: { body: { type: 'object', properties: { token: Token, locale: Locale }, required: ['token'] } } },
      async (request, reply) => {
        const words = wordsFor(request, request.body.locale)
        try {
          await login.approveDevice(request.body.token)
        } catch (error) {
          if (!(error instanceof DeviceLinkInvalidError)) throw error
          return invalidLink(reply, words)
        }
        return send(reply, 'text/html; charset=utf-8', textPage(await words, 'device.approvedTitle', 'device.approvedText'))
      },
    )
  })
}
