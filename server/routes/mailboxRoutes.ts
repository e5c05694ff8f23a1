import type { FastifyPluginAsync } from 'fastify'
import type { DevMailbox } from '../mail/DevMailbox.js'
import { isLoopbackOrigin } from '../isLoopbackOrigin.js'
import { refuse } from './refuse.js'

const LOOPBACK_IPS = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

/**
 * `GET /dev/mailbox?email=…`: what the embedded SMTP server received for one address, oldest
 * first, `{ messages: [{ to, subject, text, code?, link?, receivedAt }] }` (login codes and
 * device-approval links parsed out). Only pages on loopback and clients without an Origin
 * (a test, curl) may read it.
 */
export const mailboxRoutes: FastifyPluginAsync<{ mailbox: DevMailbox }> = async (app, { mailbox }) => {
  app.get<{ Querystring: { email: string } }>(
    '/dev/mailbox',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { email: { type: 'string', minLength: 3, maxLength: 254 } },
          required: ['email'],
        },
      },
    },
    async (request, reply) => {
      const origin = request.headers.origin
      // Login codes: never to another machine (a backend listening on 0.0.0.0) nor a foreign page.
      if (!LOOPBACK_IPS.has(request.socket.remoteAddress ?? '') || (origin !== undefined && !isLoopbackOrigin(origin)))
        return refuse(reply, 403, 'ORIGIN_NOT_ALLOWED', 'Origin not allowed')
      return { messages: mailbox.for(request.query.email) }
    },
  )
}
