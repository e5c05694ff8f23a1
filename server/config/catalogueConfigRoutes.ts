import type { FastifyPluginAsync } from 'fastify'
import type { Project } from '../plugins/projects/projects.js'
import { isOriginAllowed } from '../plugins/requestGuards/isOriginAllowed.js'
import { remoteConfigAnswer } from './remoteConfigAnswer.js'
import { ProjectQuery } from '../http/schemas.js'
import { OriginNotAllowedError } from '../plugins/requestGuards/errors.js'

export interface CatalogueConfigOptions {
  /** Whether the secure site offers passkeys (key shares on); a project may still turn them off. */
  passkeys: boolean
}

/** SPEC §7: remote configuration, allowed origins and the analytics switch, per project (`app.projects`). */
export const catalogueConfigRoutes: FastifyPluginAsync<CatalogueConfigOptions> = async (app, { passkeys }) => {
  // The project guard (registerRequestGuards) has already refused unknown ids with 403.
  const projectOf = (projectId: string) => app.projects.get(projectId) as Project

  // Read on every request from the project store: an admin's change shows at once.
  app.get<{ Querystring: { projectId: string; st?: string } }>('/appkit/v1/config', { schema: { querystring: ProjectQuery } }, async (request) =>
    remoteConfigAnswer(projectOf(request.query.projectId), request.query.st, { passkeys }),
  )

  app.get<{ Querystring: { projectId: string } }>('/projects/v1/origins', { schema: { querystring: ProjectQuery } }, async (request) => ({
    allowedOrigins: projectOf(request.query.projectId).allowedOrigins,
  }))

  // SPEC §6/§8: an origin off the allow-list gets 403 here, which the kit shows once as
  // 'Invalid App Configuration'.
  app.get<{ Querystring: { projectId: string } }>('/getAnalyticsConfig', { schema: { querystring: ProjectQuery } }, async (request) => {
    const project = projectOf(request.query.projectId)
    if (!isOriginAllowed(project, request.headers.origin)) throw new OriginNotAllowedError()
    return { isAnalyticsEnabled: project.features.analytics !== false }
  })
}
