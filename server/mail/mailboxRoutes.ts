import type { FastifyPluginAsync } from 'fastify'
import type { DevMailbox } from './DevMailbox.js'

/**
 * `GET /dev/mailbox?email=…`: what the embedded SMTP server received for one address, oldest
 * first, `{ messages: [{ to, subject, text, code?, link?, receivedAt }] }` (login codes and
 * device-approval links parsed out). Dev mode only, behind the admin token
 * (`requireAdminTokenOnDevRoutes`): it holds every login code.
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
    async (request) => ({ messages: mailbox.for(request.query.email) }),
  )
}
