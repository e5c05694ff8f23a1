import type { CompiledMessage, MessagePart } from './formatMessage.js'
import { formatParts } from './formatParts.js'

/**
 * A message with numbers, plurals or selects as a catalogue module holds it: a function that
 * formats its parts (kept on it for the pseudo-locale). scripts/icuCatalogues.mjs writes
 * `compiled([...])` for such a message and imports this module, so the interpreter comes with
 * the catalogues that need it.
 */
export const compiled = (parts: readonly MessagePart[]): CompiledMessage =>
  Object.assign((values: Parameters<CompiledMessage>[0] = {}, locale = 'en') => formatParts(parts, values, locale), { parts })
