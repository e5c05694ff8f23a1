import type { FastifyRequest } from 'fastify'
import type { ProjectStore } from '../plugins/projects/ProjectStore.js'
import type { LoginRequest } from './EmailLogin.js'
import { describeDevice } from './describeDevice.js'
import { isOriginAllowed } from '../plugins/requestGuards/isOriginAllowed.js'
import { InvalidProjectIdError, OriginNotAllowedError } from '../plugins/requestGuards/errors.js'
import { LoginOriginRequiredError } from './errors.js'

/** What a login call names: the project whose frame asks, and the page that embeds it. */
export interface LoginCallFields {
  projectId: string
  appOrigin: string
}

/** The JSON schema of those fields, for the routes' bodies. */
export const LOGIN_CALL_PROPERTIES = {
  projectId: { type: 'string', minLength: 1, maxLength: 100 },
  appOrigin: { type: 'string', minLength: 1, maxLength: 300 },
} as const

/**
 * Checks a login call the way only the frame can make it, and says who asks: the request comes
 * from the secure site's own page (its `Origin`: browsers send one with every POST, so a call
 * without it was made outside a browser, e.g. by a page's server relaying a visitor's code), for
 * a known project, on behalf of a page that project allows. A client outside a browser can still
 * forge the header; that is why the code is typed only on the secure origin and sessions are
 * bound to a device key (issue 26).
 *
 * @param siteUrl - the secure site's own origin
 * @returns the project, page, device and IP to name in the emails; throws the catalogue's
 *   `LoginOriginRequiredError`, `OriginNotAllowedError` or `InvalidProjectIdError`
 */
export function loginRequestOf(request: FastifyRequest, projects: ProjectStore, siteUrl: string, fields: LoginCallFields): LoginRequest {
  const project = projects.get(fields.projectId)
  if (!project) throw new InvalidProjectIdError()
  return loginRequestFor(request, project, siteUrl, fields.appOrigin)
}

/** `loginRequestOf` for a project already known (a signed-in user's). */
export function loginRequestFor(request: FastifyRequest, project: { id: string; name: string; allowedOrigins: string[] }, siteUrl: string, appOrigin: string): LoginRequest {
  const origin = request.headers.origin
  if (origin === undefined) throw new LoginOriginRequiredError()
  if (origin !== new URL(siteUrl).origin) throw new OriginNotAllowedError()
  if (!URL.canParse(appOrigin) || new URL(appOrigin).origin !== appOrigin || !isOriginAllowed(project, appOrigin)) throw new OriginNotAllowedError()
  return { project: { id: project.id, name: project.name }, appOrigin, device: describeDevice(request.headers['user-agent']), ip: request.ip }
}
