import type { FastifyPluginAsync } from 'fastify'
import type { Project } from '../projects.js'
import { isOriginAllowed } from '../isOriginAllowed.js'
import { ProjectQuery } from './schemas.js'

export interface CatalogueConfigOptions {
  projects: Map<string, Project>
}

/** SPEC §7: remote configuration, allowed origins and the analytics switch, per project. */
export const catalogueConfigRoutes: FastifyPluginAsync<CatalogueConfigOptions> = async (app, { projects }) => {
  // The project guard (registerRequestGuards) has already refused unknown ids with 403.
  const projectOf = (projectId: string) => projects.get(projectId) as Project

  app.get<{ Querystring: { projectId: string } }>('/appkit/v1/config', { schema: { querystring: ProjectQuery } }, async (request) => ({
    features: projectOf(request.query.projectId).features,
  }))

  app.get<{ Querystring: { projectId: string } }>('/projects/v1/origins', { schema: { querystring: ProjectQuery } }, async (request) => ({
    allowedOrigins: projectOf(request.query.projectId).allowedOrigins,
  }))

  // SPEC §6/§8: an origin off the allow-list gets 403 here, which the kit shows once as
  // 'Invalid App Configuration'.
  app.get<{ Querystring: { projectId: string } }>('/getAnalyticsConfig', { schema: { querystring: ProjectQuery } }, async (request, reply) => {
    const project = projectOf(request.query.projectId)
    if (!isOriginAllowed(project, request.headers.origin))
      return reply.code(403).send({ code: 'ORIGIN_NOT_ALLOWED', message: 'Origin not allowed' })
    return { isAnalyticsEnabled: project.features.analytics !== false }
  })
}
