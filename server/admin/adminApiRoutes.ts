import type { FastifyPluginAsync } from 'fastify'
import type { Project } from '../plugins/projects/projects.js'
import type { ProjectPatch } from '../plugins/projects/ProjectStore.js'
import { AdminUnauthorizedError } from './errors.js'
import { ProjectNotFoundError } from '../plugins/projects/errors.js'
import { isAdminTokenValid } from './isAdminTokenValid.js'
import { createStrictValidatorCompiler } from './createStrictValidatorCompiler.js'
import { NewProjectBody, ProjectBody, ProjectParams, ProjectPatchBody } from './projectSchemas.js'

export interface AdminApiOptions {
  /** The bearer token every call must carry (`resolveAdminToken`). */
  token: string
}

type NewProject = Omit<Project, 'name'> & { name?: string }

/**
 * The operator's API over the projects (issue 11), under `/admin/api` (register it with that
 * prefix): list, create, read, replace, patch and delete. Every call needs `Authorization:
 * Bearer <admin token>`; without it the answer is 401 before the body is even read, so nothing
 * changes. The projects are `app.projects` (`projectsPlugin`). Each write is one conditional statement and reaches this instance's routes and config streams at
 * once, other instances' within a second (`ProjectStore`).
 */
export const adminApiRoutes: FastifyPluginAsync<AdminApiOptions> = async (app, { token }) => {
  const projects = app.projects
  app.setValidatorCompiler(createStrictValidatorCompiler())
  app.addHook('onRequest', async (_request, reply) => {
    // Never cached by a proxy or the browser: the answers list every project.
    void reply.header('cache-control', 'no-store')
  })
  app.addHook('onRequest', async (request, reply) => {
    if (isAdminTokenValid(request.headers.authorization, token)) return
    void reply.header('www-authenticate', 'Bearer realm="latch-admin"')
    throw new AdminUnauthorizedError()
  })

  app.get('/projects', async () => ({ projects: projects.list() }))

  app.post<{ Body: NewProject }>('/projects', { schema: { body: NewProjectBody } }, async (request, reply) => {
    const { id, name, allowedOrigins, features } = request.body
    return reply.code(201).send(await projects.create({ id, name: name ?? id, allowedOrigins, features }))
  })

  app.get<{ Params: { id: string } }>('/projects/:id', { schema: { params: ProjectParams } }, async (request) => {
    const project = projects.get(request.params.id)
    if (!project) throw new ProjectNotFoundError({ id: request.params.id })
    return project
  })

  app.put<{ Params: { id: string }; Body: Omit<Project, 'id'> }>('/projects/:id', { schema: { params: ProjectParams, body: ProjectBody } }, async (request) =>
    projects.replace({ ...request.body, id: request.params.id }),
  )

  app.patch<{ Params: { id: string }; Body: ProjectPatch }>('/projects/:id', { schema: { params: ProjectParams, body: ProjectPatchBody } }, async (request) =>
    projects.patch(request.params.id, request.body),
  )

  app.delete<{ Params: { id: string } }>('/projects/:id', { schema: { params: ProjectParams } }, async (request, reply) => {
    await projects.delete(request.params.id)
    return reply.code(204).send()
  })
}
