import type { Message, MessagePart } from './formatMessage.js'
import { compiled } from './compiledMessage.js'

// The pseudo-locale (en-XA), generated from English when a test asks for it, never shipped in the
// initial bundle: every letter accented, about 40% longer, the whole message in brackets, so a
// test can tell text from a catalogue (bracketed) from text written into a view, and see what
// longer languages do to the layout.
const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, i) => [letter, [...'åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i]!]),
)

const accent = (text: string) => text.replace(/[a-zA-Z]/g, (letter) => ACCENTED[letter]!)
const padding = (text: string) => '~'.repeat(Math.ceil(text.replace(/\s/g, '').length * 0.4))

/** Accents a run-time string, keeping its `{arguments}`. */
const accentText = (text: string) => text.split(/(\{\w+\})/).map((piece, i) => (i % 2 ? piece : accent(piece))).join('')

function accentParts(parts: readonly MessagePart[]): MessagePart[] {
  return parts.map((part) => {
    if (typeof part === 'string') return accent(part)
    if (part === 0 || (part[1] !== 'plural' && part[1] !== 'select' && part[1] !== 'selectordinal')) return part
    const [name, kind, options, ...rest] = part as readonly [string, string, Record<string, readonly MessagePart[]>, ...unknown[]]
    return [name, kind, Object.fromEntries(Object.entries(options).map(([key, option]) => [key, accentParts(option)])), ...rest] as const
  })
}

const textOf = (parts: readonly MessagePart[]): string => parts.map((part) => (typeof part === 'string' ? part : '')).join('')

/**
 * A message in the pseudo-locale: '[Çöññéçţ Ŵåļļéţ~~~~~]' for 'Connect Wallet'.
 *
 * @example pseudoLocalize('Connect Wallet') // '[Çöññéçţ Ŵåļļéţ~~~~~]'
 */
export function pseudoLocalize(message: Message): Message {
  if (typeof message === 'string') return `[${accentText(message)}${padding(message)}]`
  const parts = typeof message === 'function' ? message.parts : message
  return compiled(['[', ...accentParts(parts), `${padding(textOf(parts))}]`])
}
