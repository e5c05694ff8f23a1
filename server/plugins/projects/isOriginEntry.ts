/** Why `*` alone is refused: the wallet frame would be embeddable anywhere (`frame-ancestors *`). */
export const WILDCARD_ORIGIN_REFUSED = '"*" is not accepted: it would let every site embed the wallet. List each origin (a pattern such as https://*.shop.example is fine)'

/**
 * What is wrong with an entry of a project's allowed origins, if anything. An entry is a URL, or
 * a URL pattern whose `*` stands for a port or a label (it must read as a URL with each `*` a
 * digit); `*` alone is refused.
 *
 * @param entry - e.g. `http://localhost:*`
 * @returns undefined for a valid entry, else a sentence saying why
 * @example
 * originEntryProblem('*') // '"*" is not accepted: …'
 */
export function originEntryProblem(entry: string): string | undefined {
  if (entry.trim() === '*') return WILDCARD_ORIGIN_REFUSED
  if (!URL.canParse(entry.replaceAll('*', '0'))) return 'must be an origin such as https://shop.example or a pattern such as https://*.shop.example'
  return undefined
}

/**
 * Whether a string may be an entry of a project's allowed origins (`originEntryProblem` finds
 * nothing). It is the `originEntry` keyword of the project schemas (`createStrictAjv`).
 *
 * @param entry - e.g. `http://localhost:*`
 * @returns true when `matchesOriginPattern` can use it
 * @example
 * isOriginEntry('https://*.shop.example') // true
 * isOriginEntry('*') // false
 * isOriginEntry('not a url') // false
 */
export function isOriginEntry(entry: string): boolean {
  return originEntryProblem(entry) === undefined
}
