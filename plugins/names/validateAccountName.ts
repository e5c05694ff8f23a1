/** The name service's suffix (SPEC §9); names are registered under it only. */
export const NAME_SUFFIX = '.reown.id'
export const NAME_ZONE = 'reown.id'

/** SPEC §5: at least 4 characters. The server also stops at 63 (a DNS label). */
export const MIN_NAME_LENGTH = 4
export const MAX_NAME_LENGTH = 63

export const NameRules = {
  tooShort: `Name must be at least ${MIN_NAME_LENGTH} characters`,
  tooLong: `Name must be at most ${MAX_NAME_LENGTH} characters`,
  characters: 'Name can only contain letters, numbers and hyphens',
} as const

/** Each rule's sentence as the names catalogue words it, for the visitor's language. */
export const NAME_RULE_TEXT: Readonly<Record<string, { key: string; values: { min: number; max: number } }>> = Object.fromEntries(
  Object.entries(NameRules).map(([rule, sentence]) => [sentence, { key: `names.rule.${rule}`, values: { min: MIN_NAME_LENGTH, max: MAX_NAME_LENGTH } }]),
)

/**
 * Checks a name the visitor typed (without the suffix) against SPEC §5: letters, digits and
 * hyphens, at least 4 characters. Bad characters are reported before length, since typing more
 * does not fix them.
 *
 * @param label - what the visitor typed, `alice` or `alice.reown.id`
 * @returns the broken rule's sentence, or undefined when the name may be registered
 *
 * @example
 * validateAccountName('al') // 'Name must be at least 4 characters'
 */
export function validateAccountName(label: string): string | undefined {
  const bare = toLabel(label)
  if (!/^[a-z0-9-]*$/i.test(bare)) return NameRules.characters
  if (bare.length < MIN_NAME_LENGTH) return NameRules.tooShort
  if (bare.length > MAX_NAME_LENGTH) return NameRules.tooLong
  return undefined
}

/** `Alice.reown.id` or `alice` → `alice`: the label the server stores, lower case. */
export function toLabel(input: string): string {
  const lower = input.trim().toLowerCase()
  return lower.endsWith(NAME_SUFFIX) ? lower.slice(0, -NAME_SUFFIX.length) : lower
}
