/**
 * The numbers a secure-site refusal carries beside its English sentence ('Invalid code: 4 tries
 * left' carries `{ triesLeft: 4 }`), so the frame, its code field and the kit can each say it in
 * the visitor's language. They cross two origins' messages, so each side reads them again here:
 * only these names, only small whole numbers.
 */
// A type, not an interface: it is passed where message values (an index signature) are read.
export type RefusalValues = {
  triesLeft?: number
  minutes?: number
  seconds?: number
}

const NAMES = ['triesLeft', 'minutes', 'seconds'] as const

/** The refusal values found in `source` (a reply body, a message payload), or undefined when it has none. */
export function refusalValuesOf(source: unknown): RefusalValues | undefined {
  if (typeof source !== 'object' || source === null) return undefined
  const values: RefusalValues = {}
  for (const name of NAMES) {
    // Own fields only: a message's prototype is not its content.
    const value = Object.hasOwn(source, name) ? (source as Record<string, unknown>)[name] : undefined
    if (Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= 100_000) values[name] = value as number
  }
  return Object.keys(values).length > 0 ? values : undefined
}
