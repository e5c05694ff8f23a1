import type { FastifyReply } from 'fastify'
import type { ReplyCode } from '../errors/replyCodes.js'

/**
 * Answers a refused request with the server's error shape `{code, message}` (never a stack
 * trace), plus any extra fields a route's clients read (the name routes add `reasons`).
 *
 * @param reply - the route's reply
 * @param status - a 4xx or 5xx status
 * @param code - the stable code clients branch on, e.g. `INVALID_REQUEST`
 * @param message - the sentence shown, naming the field at fault
 * @param extra - more fields for the body
 * @returns the sent reply, to `return` from the handler
 * @example
 * if (!order) return refuse(reply, 404, 'ORDER_NOT_FOUND', 'Checkout not found')
 */
export function refuse(reply: FastifyReply, status: number, code: ReplyCode, message: string, extra: Record<string, unknown> = {}): FastifyReply {
  return reply.code(status).send({ code, message, ...extra })
}
