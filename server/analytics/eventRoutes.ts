import type { FastifyPluginAsync } from 'fastify'
import type { Project } from '../plugins/projects/projects.js'
import { isOriginAllowed } from '../plugins/requestGuards/isOriginAllowed.js'
import { ProjectQuery } from '../http/schemas.js'
import { OriginNotAllowedError, InvalidJsonBodyError } from '../plugins/requestGuards/errors.js'

/** Largest event accepted: a stack trace fits, a dump of arbitrary data does not. */
const MAX_EVENT_BYTES = 32 * 1024

// Exactly the SPEC §7 fields: anything else is refused, not stored. `props.properties` is what
// the kit's `track(event, properties)` sends (kernel/http/createEventReporter.ts); AppKit adds
// the connected `address` to `props`.
const EventBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    eventId: { type: 'string', minLength: 1, maxLength: 128 },
    url: { type: 'string', maxLength: 2048 },
    domain: { type: 'string', maxLength: 512 },
    timestamp: { type: 'number' },
    props: {
      type: 'object',
      additionalProperties: false,
      properties: {
        properties: { type: 'object', maxProperties: 64 },
        address: { type: 'string', maxLength: 128 },
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
export const eventRoutes: FastifyPluginAsync = async (app) => {
  // AppKit posts its JSON with no content type, so it arrives as text/plain: read it as JSON too
  // (this plugin's own parser: the other routes still take JSON only).
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, text, done) => {
    try {
      done(null, JSON.parse(text as string))
    } catch (error) {
      done(new InvalidJsonBodyError({ cause: error }), undefined)
    }
  })
  app.post<{ Querystring: { projectId: string }; Body: { eventId: string } }>(
    '/e',
    { bodyLimit: MAX_EVENT_BYTES, schema: { querystring: ProjectQuery, body: EventBody } },
    async (request, reply) => {
      const project = app.projects.get(request.query.projectId) as Project
      if (!isOriginAllowed(project, request.headers.origin)) throw new OriginNotAllowedError()
      await app.storage.db.insertInto('events').values({ project_id: project.id, event_id: request.body.eventId, body: JSON.stringify(request.body), received_at: Date.now() }).execute()
      return reply.code(202).send({ ok: true })
    },
  )
}
