import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import { bundleAdminPage } from './bundleAdminPage.js'
import { frameLocaleMessages } from '../secureSite/frameLocales.js'
import { pageLocale, pageText } from '../secureSite/pageText.js'
import { adminPageHtml } from './adminPageHtml.js'

/**
 * Only this origin's own files and API: no inline script or style, no frame around the page
 * (clickjacking the Save button), no form posting elsewhere, no plugins.
 */
export const ADMIN_PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

function send(reply: FastifyReply, type: string, body: string) {
  return reply
    .header('content-type', type)
    .header('content-security-policy', ADMIN_PAGE_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'no-referrer')
    // Always fresh: a new build of the page must not meet a cached older script.
    .header('cache-control', 'no-cache')
    .send(body)
}

/**
 * The operator's admin page (issue 11) at `/admin/`: the HTML, `admin.js`, `admin.css` and its
 * catalogues (`/admin/locales/de.json`),
 * bundled in memory on first request (`bundleAdminPage`). It holds no data: it asks for the
 * admin token and reads everything through `/admin/api` (adminApiRoutes.ts).
 */
export const adminPageRoutes: FastifyPluginAsync = async (app) => {
  app.get('/admin', async (_request, reply) => reply.redirect('/admin/', 301))
  // In the language the page will speak (`?locale=`, else Accept-Language): the <noscript> line can only be written here.
  app.get<{ Querystring: { locale?: unknown } }>('/admin/', async (request, reply) => {
    const named = typeof request.query.locale === 'string' ? request.query.locale : undefined
    const words = await pageText(pageLocale(named, request.headers['accept-language']), 'admin')
    return send(reply, 'text/html; charset=utf-8', adminPageHtml((await bundleAdminPage()).html, words))
  })
  app.get('/admin/admin.js', async (_request, reply) => send(reply, 'text/javascript; charset=utf-8', (await bundleAdminPage()).js))
  app.get('/admin/admin.css', async (_request, reply) => send(reply, 'text/css; charset=utf-8', (await bundleAdminPage()).css))
  // The page's words in one locale (adminText.ts), compiled like the secure site's; only a shipped locale's file.
  app.get<{ Params: { file: string } }>('/admin/locales/:file', async (request, reply) => {
    const messages = request.params.file.endsWith('.json') ? frameLocaleMessages(request.params.file.slice(0, -'.json'.length), 'admin') : undefined
    if (!messages) return reply.code(404).send({ error: 'Unknown locale' })
    return send(reply, 'application/json; charset=utf-8', await messages)
  })
}
