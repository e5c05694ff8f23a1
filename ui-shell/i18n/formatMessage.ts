/**
 * A message as the catalogue compiler (scripts/icuCatalogues.mjs) writes it: its text, or its
 * parts. A part is text, `[name]` (an argument), `[name, 'number', style]`, `0` (a plural's `#`),
 * `[name, 'plural' | 'selectordinal', options, offset]` or `[name, 'select', options]`.
 */
export type Message = string | readonly MessagePart[]
export type MessagePart = string | 0 | readonly [string, ...unknown[]]
/** A catalogue's messages for one locale, by key ('connect.title'). */
export type Messages = Readonly<Record<string, Message>>
/** Values a message's arguments take. */
export type MessageValues = Readonly<Record<string, string | number | undefined>>

type Options = Readonly<Record<string, readonly MessagePart[]>>

/**
 * Formats a compiled message for a locale: ICU arguments, numbers, plurals and selects through
 * `Intl`. A plain string given at run time (a host's override) has its `{name}` arguments filled.
 */
export function formatMessage(message: Message, values: MessageValues = {}, locale = 'en'): string {
  if (typeof message === 'string') return message.includes('{') ? message.replace(/\{(\w+)\}/g, (all, name: string) => String(values[name] ?? all)) : message
  return formatParts(message, values, locale, undefined)
}

function formatParts(parts: readonly MessagePart[], values: MessageValues, locale: string, count: number | undefined): string {
  let text = ''
  for (const part of parts) {
    if (typeof part === 'string') text += part
    else if (part === 0) text += count === undefined ? '#' : new Intl.NumberFormat(locale).format(count)
    else {
      const [name, kind, options, offset] = part as readonly [string, string?, unknown?, number?]
      const value = values[name]
      if (kind === 'number') text += new Intl.NumberFormat(locale, options === 'percent' ? { style: 'percent' } : undefined).format(Number(value))
      else if (kind === 'select') text += formatParts(pick(options as Options, String(value)), values, locale, count)
      else if (kind) {
        const n = Number(value) - (offset ?? 0)
        const exact = (options as Options)[`=${Number(value)}`]
        const rule = new Intl.PluralRules(locale, { type: kind === 'plural' ? 'cardinal' : 'ordinal' }).select(n)
        text += formatParts(exact ?? pick(options as Options, rule), values, locale, n)
      } else text += String(value ?? '')
    }
  }
  return text
}

const pick = (options: Options, key: string) => options[key] ?? options.other ?? []
