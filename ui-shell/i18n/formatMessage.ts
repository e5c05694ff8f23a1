import { formatParts } from './formatParts.js'
import { renderMessage } from './renderMessage.js'

/**
 * A message as the catalogue compiler (scripts/icuCatalogues.mjs) writes it: its text (with
 * `{name}` arguments when it has only those), its parts, or, in a catalogue module, its parts
 * compiled into a function (compiledMessage.ts). A part is text, `[name]` (an argument),
 * `[name, 'number', style]`, `0` (a plural's `#`), `[name, 'plural' | 'selectordinal', options, offset]`
 * or `[name, 'select', options]`.
 */
export type Message = string | readonly MessagePart[] | CompiledMessage
export type MessagePart = string | 0 | readonly [string, ...unknown[]]
/** A message with numbers, plurals or selects, compiled: it formats itself. */
export type CompiledMessage = ((values?: MessageValues, locale?: string) => string) & { readonly parts: readonly MessagePart[] }
/** A catalogue's messages for one locale, by key ('connect.title'). */
export type Messages = Readonly<Record<string, Message>>
/** Values a message's arguments take. */
export type MessageValues = Readonly<Record<string, string | number | undefined>>

/**
 * Formats a compiled message for a locale: ICU arguments, numbers, plurals and selects through
 * `Intl`. A plain string given at run time (a host's override) has its `{name}` arguments filled.
 * For pages and the server; the kit reads its catalogues with renderMessage, without the interpreter.
 */
export function formatMessage(message: Message, values: MessageValues = {}, locale = 'en'): string {
  return Array.isArray(message) ? formatParts(message as readonly MessagePart[], values, locale) : renderMessage(message as string | CompiledMessage, values, locale)
}
