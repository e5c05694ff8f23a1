import type { MessagePart, MessageValues } from './formatMessage.js'

type Options = Readonly<Record<string, readonly MessagePart[]>>

// The ICU interpreter: arguments, numbers, plurals and selects through `Intl`. Only messages with
// numbers, plurals or selects need it, so it ships with the catalogues that have one (their
// module imports it, see compiledMessage.ts), never in a page's initial chunk.

/** Formats a compiled message's parts for a locale; `count` is the enclosing plural's value, for `#`. */
export function formatParts(parts: readonly MessagePart[], values: MessageValues, locale: string, count?: number): string {
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
