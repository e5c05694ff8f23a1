import { createHash } from 'node:crypto'
import type { RelayMessage } from './RelayHub.js'

const known = new WeakMap<object, string>()

/**
 * A message's id: the same body on the same topic is the same message, whichever client or
 * instance published it (a client re-publishes what it saw unacknowledged). Cached per object,
 * since one message is delivered to many sockets.
 *
 * @param message - a relay message (its `id` is used when it carries one)
 * @returns the hex SHA-256 of topic and body
 */
export function relayMessageId(message: Pick<RelayMessage, 'topic' | 'message' | 'id'>): string {
  if (message.id) return message.id
  let id = known.get(message)
  if (!id) {
    id = createHash('sha256').update(message.topic).update('\n').update(message.message).digest('hex')
    known.set(message, id)
  }
  return id
}
