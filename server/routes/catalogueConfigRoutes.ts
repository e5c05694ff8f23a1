import type { FastifyPluginAsync } from 'fastify'
import type { Project } from '../projects.js'

export interface CatalogueConfigOptions {
  projects: Map<string, Project>
}

const ProjectQuery = {
  type: 'object',
  properties: { projectId: { type: 'string', minLength: 1, maxLength: 128 } },
  required: ['projectId'],
} as const

/** SPEC §7: remote configuration, allowed origins and the analytics switch, per project. */
export const catalogueConfigRoutes: FastifyPluginAsync<CatalogueConfigOptions> = async (app, { projects }) => {
  const projectOf = (projectId: string) => projects.get(projectId)

  app.get<{ Querystring: { projectId: string } }>('/appkit/v1/config', { schema: { querystring: ProjectQuery } }, async (request, reply) => {
    const project = projectOf(request.query.projectId)
    if (!project) return reply.code(403).send({ code: 'INVALID_PROJECT_ID', message: 'Invalid Project ID' })
    return { features: project.features }
  })

  app.get<{ Querystring: { projectId: string } }>('/projects/v1/origins', { schema: { querystring: ProjectQuery } }, async (request, reply) => {
    const project = projectOf(request.query.projectId)
    if (!project) return reply.code(403).send({ code: 'INVALID_PROJECT_ID', message: 'Invalid Project ID' })
    return { allowedOrigins: project.allowedOrigins }
  })

  app.get<{ Querystring: { projectId: string } }>('/getAnalyticsConfig', { schema: { querystring: ProjectQuery } }, async (request) => ({
    isAnalyticsEnabled: projectOf(request.query.projectId) !== undefined,
  }))
}
