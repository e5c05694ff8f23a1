import * as v from 'valibot'

/**
 * The messages between the secure code field and the wallet frame, both on the secure site's
 * origin and in the same top-level site, over a BroadcastChannel named after the wallet frame's
 * channel id. The host page is another origin: it can neither open this channel nor read it.
 * CODE: the visitor typed the code (field → frame). RESULT: the frame's verdict on it, with the
 * error to show (frame → field). LOCALE: the kit's language changed (SYNC_LOCALE), the field
 * follows it as the frame did (frame → field; the field checks the name again).
 */
export type CodeFieldMessage = { type: 'CODE'; code: string } | { type: 'RESULT'; error?: string } | { type: 'LOCALE'; locale: string }

export const codeChannelName = (id: string) => `latch-code-field:${id}`

const CodeFieldMessageSchema = v.union([
  v.strictObject({ type: v.literal('CODE'), code: v.pipe(v.string(), v.regex(/^[0-9]{6}$/)) }),
  v.strictObject({ type: v.literal('RESULT'), error: v.optional(v.pipe(v.string(), v.maxLength(300))) }),
  v.strictObject({ type: v.literal('LOCALE'), locale: v.pipe(v.string(), v.maxLength(35)) }),
])

/** A message of this channel, or undefined for anything else (dropped). */
export function parseCodeFieldMessage(data: unknown): CodeFieldMessage | undefined {
  const result = v.safeParse(CodeFieldMessageSchema, data)
  return result.success ? result.output : undefined
}
