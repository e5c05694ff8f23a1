import type { FastifyPluginAsync } from 'fastify'
import type { Project } from '../projects.js'
import { isOriginAllowed } from '../isOriginAllowed.js'
import type { LatchDatabase } from '../storage/openDatabase.js'
import { ProjectQuery } from './schemas.js'

export interface EventRoutesOptions {
  projects: Map<string, Project>
  db: LatchDatabase
}

const EventBody = {
  type: 'object',
  properties: {
    eventId: { type: 'string', minLength: 1, maxLength: 128 },
    url: { type: 'string', maxLength: 2048 },
    domain: { type: 'string', maxLength: 512 },
    timestamp: { type: 'number' },
    props: {
      type: 'object',
      properties: {
        type: { type: 'string', maxLength: 64 },
        event: { type: 'string', maxLength: 128 },
        errorType: { type: 'string', maxLength: 256 },
        errorMessage: { type: 'string', maxLength: 4096 },
        stackTrace: { type: 'string', maxLength: 16384 },
      },
    },
  },
  required: ['eventId', 'timestamp', 'props'],
} as const

/** SPEC §7 `POST /e`: analytics and error reports, stored; origins off the project's allow-list get 403. */
export const eventRoutes: FastifyPluginAsync<EventRoutesOptions> = async (app, { projects, db }) => {
  const insert = db.prepare('INSERT INTO events (project_id, event_id, body, received_at) VALUES (?, ?, ?, ?)')
  app.post<{ Querystring: { projectId: string }; Body: { eventId: string } }>(
    '/e',
    { schema: { querystring: ProjectQuery, body: EventBody } },
    async (request, reply) => {
      const project = projects.get(request.query.projectId) as Project
      if (!isOriginAllowed(project, request.headers.origin))
        return reply.code(403).send({ code: 'ORIGIN_NOT_ALLOWED', message: 'Origin not allowed' })
      insert.run(project.id, request.body.eventId, JSON.stringify(request.body), Date.now())
      return reply.code(202).send({ ok: true })
    },
  )
}
