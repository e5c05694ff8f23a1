import * as v from 'valibot'
import type { RefusalValues } from '../../../chains/auth/refusalValues.js'

/**
 * The messages between the secure code field and the wallet frame, both on the secure site's
 * origin and in the same top-level site, over a BroadcastChannel named after the wallet frame's
 * channel id. The host page is another origin: it can neither open this channel nor read it.
 * CODE: the visitor typed the code (field → frame). RESULT: the frame's verdict on it, with the
 * error to show, and its code and numbers when the secure site gave them (frame → field). LOCALE: the kit's language changed (SYNC_LOCALE), the field
 * follows it as the frame did (frame → field; the field checks the name again).
 */
export type CodeFieldMessage =
  | { type: 'CODE'; code: string }
  | { type: 'RESULT'; error?: string; code?: string; values?: RefusalValues }
  | { type: 'LOCALE'; locale: string }

export const codeChannelName = (id: string) => `latch-code-field:${id}`

const count = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100_000))

const CodeFieldMessageSchema = v.union([
  v.strictObject({ type: v.literal('CODE'), code: v.pipe(v.string(), v.regex(/^[0-9]{6}$/)) }),
  v.strictObject({
    type: v.literal('RESULT'),
    error: v.optional(v.pipe(v.string(), v.maxLength(300))),
    // The refusal's reply code and numbers, so the field says it in its own locale, and again after a switch.
    code: v.optional(v.pipe(v.string(), v.regex(/^[A-Z0-9_]{1,60}$/))),
    values: v.optional(v.strictObject({ triesLeft: v.optional(count), minutes: v.optional(count), seconds: v.optional(count) })),
  }),
  v.strictObject({ type: v.literal('LOCALE'), locale: v.pipe(v.string(), v.maxLength(35)) }),
])

/** A message of this channel, or undefined for anything else (dropped). */
export function parseCodeFieldMessage(data: unknown): CodeFieldMessage | undefined {
  const result = v.safeParse(CodeFieldMessageSchema, data)
  return result.success ? result.output : undefined
}
