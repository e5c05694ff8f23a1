import type { FastifyPluginAsync } from 'fastify'
import type { Project } from '../projects.js'
import { isOriginAllowed } from '../isOriginAllowed.js'

export interface StoredEvent {
  projectId: string
  body: unknown
  receivedAt: number
}

export interface EventRoutesOptions {
  projects: Map<string, Project>
  events: StoredEvent[]
}

const EventBody = {
  type: 'object',
  properties: {
    eventId: { type: 'string', maxLength: 128 },
    url: { type: 'string', maxLength: 2048 },
    domain: { type: 'string', maxLength: 512 },
    timestamp: { type: 'number' },
    props: { type: 'object' },
  },
  required: ['eventId', 'timestamp', 'props'],
} as const

/** SPEC §7 `POST /e`: analytics and error reports; origins off the project's allow-list get 403. */
export const eventRoutes: FastifyPluginAsync<EventRoutesOptions> = async (app, { projects, events }) => {
  app.post<{ Querystring: { projectId: string } }>(
    '/e',
    {
      schema: {
        querystring: { type: 'object', properties: { projectId: { type: 'string', minLength: 1 } }, required: ['projectId'] },
        body: EventBody,
      },
    },
    async (request, reply) => {
      const project = projects.get(request.query.projectId)
      if (!project) return reply.code(403).send({ code: 'INVALID_PROJECT_ID', message: 'Invalid Project ID' })
      if (!isOriginAllowed(project, request.headers.origin))
        return reply.code(403).send({ code: 'ORIGIN_NOT_ALLOWED', message: 'Origin not allowed' })
      events.push({ projectId: project.id, body: request.body, receivedAt: Date.now() })
      return reply.code(202).send({ ok: true })
    },
  )
}
