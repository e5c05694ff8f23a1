import type { Message, MessageValues } from './formatMessage.js'

/**
 * A message as the kit's catalogues hold it, formatted: a string has its `{name}` arguments
 * filled (most messages, and a host's run-time copy), a compiled message formats itself. No ICU
 * interpreter here: this is in every page's initial chunk.
 */
export function renderMessage(message: Message, values: MessageValues = {}, locale = 'en'): string {
  if (typeof message === 'function') return message(values, locale)
  if (typeof message !== 'string') throw new TypeError('A message in parts needs formatMessage (a catalogue built by scripts/icuCatalogues.mjs holds none)')
  return message.includes('{') ? message.replace(/\{(\w+)\}/g, (all, name: string) => String(values[name] ?? all)) : message
}
