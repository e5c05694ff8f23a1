import fastifyPlugin from 'fastify-plugin'
import { chainUnavailableAnswer } from './chainUnavailableAnswer.js'
import { ServerError } from '../../errors/ServerError.js'
import { RouteNotFoundError } from '../requestGuards/errors.js'
import type { ReplyCode } from '../../errors/codes.js'

/**
 * The one place a refusal is written: routes throw a `ServerError` (the catalogue in
 * each feature's errors.ts) and this answers its status with `{code, message, ...body}`. Errors leave as
 * `{code, message}`: never a stack trace, never an internal message (SPEC §8).
 *
 * @param frameworkCodes - a 4xx fastify raises itself keeps fastify's own code (the main
 *   backend); without, it is `BAD_REQUEST` (the secure site's API)
 */
export const errorHandlerPlugin = fastifyPlugin<{ frameworkCodes?: boolean }>(
  async (app, { frameworkCodes = true }) => {
    app.setErrorHandler((thrown, request, reply) => {
      // A dead or slow node is not our bug: the client may retry later (SPEC §8 'Server Error').
      const unavailable = chainUnavailableAnswer(thrown)
      if (unavailable) {
        if (frameworkCodes) request.log.warn({ err: thrown }, 'chain node unavailable')
        return void reply.code(unavailable.status).send({ code: unavailable.code, message: unavailable.message })
      }
      if (thrown instanceof ServerError) {
        if (thrown.statusCode >= 500 && !thrown.exposeMessage) request.log.error({ err: thrown }, 'request failed')
        const message = thrown.statusCode === 500 && !thrown.exposeMessage ? 'Internal error' : thrown.shortMessage
        return void reply.code(thrown.statusCode).send({ code: thrown.replyCode, message, ...thrown.body })
      }
      const error = thrown as { statusCode?: number; code?: string; message: string; validation?: unknown; validationContext?: string }
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500
      if (status === 500) request.log.error({ err: error }, 'request failed')
      // Ours from the registry; a framework error keeps fastify's own code.
      const code = error.validation ? ('INVALID_REQUEST' satisfies ReplyCode) : status === 500 ? ('INTERNAL' satisfies ReplyCode) : ((frameworkCodes ? error.code : undefined) ?? ('BAD_REQUEST' satisfies ReplyCode))
      void reply.code(status).send({ code, message: status === 500 ? 'Internal error' : error.message })
    })
    app.setNotFoundHandler(async (request) => {
      throw new RouteNotFoundError({ method: request.method, path: request.url.split('?')[0] ?? '' })
    })
  },
  { name: 'latch-error-handler', fastify: '5.x' },
)
