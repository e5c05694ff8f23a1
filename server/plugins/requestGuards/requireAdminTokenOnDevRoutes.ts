import type { FastifyInstance } from 'fastify'
import { isAdminTokenValid } from '../../admin/isAdminTokenValid.js'
import { DevTokenRequiredError } from '../dev/errors.js'

/**
 * Puts every `/dev/*` route of `app` (and of the plugins registered on it later) behind the
 * admin token. The check reads the matched route, not the raw URL, so no spelling of the path
 * slips past; and it never trusts the peer address or the Origin header, which a same-host
 * reverse proxy makes loopback and a client leaves out at will.
 *
 * @param app - the main backend, before its routes are registered
 * @param token - the admin token
 * @example
 * if (options.dev) requireAdminTokenOnDevRoutes(app, adminToken)
 */
export function requireAdminTokenOnDevRoutes(app: FastifyInstance, token: string): void {
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.url?.startsWith('/dev/')) return
    if (!isAdminTokenValid(request.headers.authorization, token)) throw new DevTokenRequiredError()
  })
}
